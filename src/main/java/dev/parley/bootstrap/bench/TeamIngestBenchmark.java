package dev.parley.bootstrap.bench;

import dev.parley.adapter.http.signature.StandardWebhooks;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code parley bench ingest --db <postgres url> --processes 1,2,3} (issue 15): signed webhooks posted round-robin to
 * N {@code parley serve} processes sharing one PostgreSQL database, until every message is PROCESSED; the same batch
 * first to one {@code parley serve} on its own embedded H2 store, the baseline the PostgreSQL figures are given as
 * ratios of (all in the same run, on the same machine). Every process is a JVM of its own with the noop playbook.
 *
 * <p>The database named in the URL is only connected to: each PostgreSQL run gets a database of its own created next
 * to it ({@code parley_bench_…}, so the login needs {@code CREATEDB}) and dropped afterwards; a team store is never
 * touched.
 */
public final class TeamIngestBenchmark {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TeamIngestBenchmark.class);
    private static final Pattern POSTGRES_URL = Pattern.compile("^(jdbc:postgresql://[^/?]+/)([^?]*)(\\?.*)?$");
    private static final Duration STARTUP = Duration.ofMinutes(3);
    private static final Duration DRAIN = Duration.ofMinutes(10);

    /** {@code url} (PostgreSQL) and its login; {@code processes}: the process counts to run, in order. */
    public record Options(String url, String user, String password, List<Integer> processes, int messages,
                          int clients) {
    }

    /** What one run measured: end to end (first send to last PROCESSED), acknowledgements, receipt to PROCESSED. */
    record Run(int processes, double msgsPerSecond, double ingestPerSecond, double p50Millis, double p99Millis) {
        Map<String, Object> asJson() {
            var m = new LinkedHashMap<String, Object>();
            m.put("processes", processes);
            m.put("msgs_per_s", round(msgsPerSecond));
            m.put("ingest_rps", round(ingestPerSecond));
            m.put("p50_ms", round(p50Millis));
            m.put("p99_ms", round(p99Millis));
            return m;
        }
    }

    private final Options options;
    private final String secret = StandardWebhooks.generateSecret(new SecureRandom());

    private TeamIngestBenchmark(Options options) {
        this.options = options;
    }

    /** Whether {@code url} is a PostgreSQL JDBC URL this benchmark can derive databases from. */
    public static boolean accepts(String url) {
        return POSTGRES_URL.matcher(url).matches();
    }

    public static Map<String, Object> run(Options options) throws Exception {
        if (!accepts(options.url())) {
            throw new IllegalArgumentException("--db must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db)");
        }
        return new TeamIngestBenchmark(options).run();
    }

    private Map<String, Object> run() throws Exception {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double loadBefore = os.getSystemLoadAverage();
        checkLogin();
        try (var scratch = ScratchDirectory.create("parley-bench-team-")) {
            var work = scratch.path();
            var h2 = h2Run(work.resolve("h2"));
            var postgres = new ArrayList<Map<String, Object>>();
            Run first = null;
            for (int n : options.processes()) {
                var run = postgresRun(work.resolve("pg" + n), n);
                if (first == null) first = run;
                var json = run.asJson();
                json.put("msgs_per_s_vs_h2", ratio(run.msgsPerSecond(), h2.msgsPerSecond()));
                json.put("msgs_per_s_vs_first", ratio(run.msgsPerSecond(), first.msgsPerSecond()));
                json.put("p99_vs_h2", ratio(run.p99Millis(), h2.p99Millis()));
                postgres.add(json);
            }
            var result = new LinkedHashMap<String, Object>();
            result.put("messages", options.messages());
            result.put("clients", options.clients());
            result.put("conversations", BenchMessages.CONVERSATIONS);
            result.put("h2", h2.asJson());
            result.put("postgresql", postgres);
            result.put("cores", Runtime.getRuntime().availableProcessors());
            result.put("load_average_before", round(loadBefore));
            result.put("load_average_after", round(os.getSystemLoadAverage()));
            return result;
        }
    }

    private void checkLogin() throws SQLException {
        try (var c = DriverManager.getConnection(options.url(), options.user(), options.password())) {
            c.isValid(5);
        }
    }

    /** The baseline: one process on its own H2 file; read after a clean stop (H2 allows one process at a time). */
    private Run h2Run(Path home) throws Exception {
        Batch batch;
        long began = System.nanoTime();
        try (var serve = ServeProcess.start(home, settings(), Map.of())) {
            serve.awaitHealthy(STARTUP);
            LOG.info("bench h2: 1 process healthy after {} ms", (System.nanoTime() - began) / 1_000_000);
            batch = measure(List.of(serve));
            LOG.info("bench h2: measured after {} ms", (System.nanoTime() - began) / 1_000_000);
        }
        var h2 = "jdbc:h2:file:" + home.toAbsolutePath().resolve("data").resolve("parley");
        try (var c = DriverManager.getConnection(h2, "sa", "")) {
            return batch.figures(1, c);
        }
    }

    /** N processes on a database of their own, created for this run and dropped after it. */
    private Run postgresRun(Path dir, int processes) throws Exception {
        var name = "parley_bench_" + ProcessHandle.current().pid() + "_" + processes + "_" + System.nanoTime() % 100_000;
        long began = System.nanoTime();
        admin("create database " + name);
        try {
            var url = withDatabase(options.url(), name);
            var settings = new ArrayList<>(settings());
            settings.add("db.url=" + url);
            settings.add("db.user=" + options.user());
            var environment = Map.of("PARLEY_DB_PASSWORD", options.password());
            var serves = new ArrayList<ServeProcess>();
            try {
                // the first migrates the new database; the others then start side by side
                serves.add(ServeProcess.start(dir.resolve("p1"), settings, environment));
                serves.getFirst().awaitHealthy(STARTUP);
                for (int i = 2; i <= processes; i++) {
                    serves.add(ServeProcess.start(dir.resolve("p" + i), settings, environment));
                }
                for (var serve : serves) serve.awaitHealthy(STARTUP);
                LOG.info("bench postgresql: {} processes healthy after {} ms", processes,
                        (System.nanoTime() - began) / 1_000_000);
                var batch = measure(serves);
                LOG.info("bench postgresql: {} processes measured after {} ms", processes,
                        (System.nanoTime() - began) / 1_000_000);
                try (var c = DriverManager.getConnection(url, options.user(), options.password())) {
                    return batch.figures(processes, c);
                }
            } finally {
                for (var serve : serves) serve.close();
            }
        } finally {
            admin("drop database if exists " + name);
        }
    }

    private List<String> settings() {
        return List.of("webhooks.generic.secret=" + secret, "playbook.default=noop", "playbook.inbound=noop",
                "alerts.model=off");
    }

    /** The timed batch's send start and acknowledgement rate, after an untimed warm-up batch. */
    private record Batch(Instant firstSend, double ingestPerSecond) {
        Run figures(int processes, java.sql.Connection c) throws SQLException {
            var latencies = new ArrayList<Double>();
            Instant lastProcessed = firstSend;
            try (var q = c.prepareStatement(
                    "select received_at, processed_at from inbox where provider_id like 'bench-timed-%'");
                 var rs = q.executeQuery()) {
                while (rs.next()) {
                    var received = rs.getObject(1, OffsetDateTime.class).toInstant();
                    var processed = rs.getObject(2, OffsetDateTime.class).toInstant();
                    latencies.add(Duration.between(received, processed).toNanos() / 1e6);
                    if (processed.isAfter(lastProcessed)) lastProcessed = processed;
                }
            }
            var sorted = latencies.stream().mapToDouble(Double::doubleValue).toArray();
            Arrays.sort(sorted);
            double seconds = Duration.between(firstSend, lastProcessed).toNanos() / 1e9;
            return new Run(processes, sorted.length / seconds, ingestPerSecond, Percentiles.of(sorted, 0.50),
                    Percentiles.of(sorted, 0.99));
        }
    }

    private Batch measure(List<ServeProcess> serves) throws Exception {
        var urls = serves.stream().map(ServeProcess::baseUrl).toList();
        int warm = BenchRunner.warmUp(options.messages());
        LoadGenerator.run(BenchMessages.signed(urls, secret, "warm", warm), options.clients());
        awaitProcessed(serves.getFirst(), warm);
        var requests = BenchMessages.signed(urls, secret, "timed", options.messages());
        var firstSend = Instant.now();
        var load = LoadGenerator.run(requests, options.clients());
        awaitProcessed(serves.getFirst(), warm + options.messages());
        return new Batch(firstSend, load.perSecond());
    }

    private static void awaitProcessed(ServeProcess serve, long expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + DRAIN.toNanos();
        while (serve.processed() < expected) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("messages not processed in " + DRAIN);
            Thread.sleep(20);
        }
    }

    private void admin(String sql) throws SQLException {
        try (var c = DriverManager.getConnection(options.url(), options.user(), options.password());
             var st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /** {@code url} with its database replaced by {@code database}, parameters kept. */
    static String withDatabase(String url, String database) {
        var m = POSTGRES_URL.matcher(url);
        if (!m.matches()) throw new IllegalArgumentException("not a PostgreSQL JDBC URL");
        return m.group(1) + database + (m.group(3) == null ? "" : m.group(3));
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private static double ratio(double a, double b) {
        return Math.round(a / b * 100) / 100.0;
    }
}
