package dev.parley.testing;

import dev.parley.adapter.persistence.Database;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real, throwaway PostgreSQL server for tests: {@code initdb} into a temp directory, {@code pg_ctl start} on an
 * ephemeral port of 127.0.0.1 (no Unix socket outside the cluster's directory), password authentication, removed on
 * {@link #close()}. Uses the installed server binaries ({@code PARLEY_PG_BIN}, else the directory of {@code initdb}
 * on the PATH, else the newest {@code /usr/lib/postgresql/N/bin}; {@code .ci/run} installs Debian's
 * {@code postgresql}). PostgreSQL refuses to run as root, so under root the server runs as the {@code postgres} OS
 * user (created by the Debian package) through {@code runuser}.
 *
 * <p>One {@link #shared()} cluster serves a whole test JVM; each test takes a fresh database from it
 * ({@link #newDatabase()}), which costs a {@code create database}, not a cluster.
 */
public final class PostgresCluster implements AutoCloseable {
    public static final String SUPERUSER = "parley_admin";
    public static final String PASSWORD = "pg-test-secret-1";
    private static final String OS_USER = "postgres";
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final String TEMPLATE = "parley_template";
    private static PostgresCluster shared;
    private boolean templateReady;

    private final Path bin;
    private final Path dir;
    private final boolean asPostgresUser;
    private final int port;

    private PostgresCluster(Path bin, Path dir, boolean asPostgresUser, int port) {
        this.bin = bin;
        this.dir = dir;
        this.asPostgresUser = asPostgresUser;
        this.port = port;
    }

    /** The cluster of this test JVM, started on first use and stopped when the JVM exits. */
    public static synchronized PostgresCluster shared() {
        if (shared == null) {
            shared = start();
            var cluster = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(cluster::close, "postgres-cluster-stop"));
        }
        return shared;
    }

    /** A cluster of its own (for tests that must not share one); the caller closes it. */
    public static PostgresCluster start() {
        var bin = binaries();
        boolean root = "root".equals(System.getProperty("user.name"));
        try {
            var dir = Files.createTempDirectory("parley-pg-");
            if (root) chownToPostgres(dir);
            Files.writeString(dir.resolve("pw"), PASSWORD + "\n", StandardCharsets.UTF_8);
            if (root) chownToPostgres(dir.resolve("pw"));
            var initdb = new PostgresCluster(bin, dir, root, 0);
            initdb.run(List.of(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(), "-U", SUPERUSER,
                    "--pwfile=" + dir.resolve("pw"), "--auth=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8",
                    "--no-sync"), 120);
            Files.delete(dir.resolve("pw"));
            IOException last = null;
            for (int attempt = 0; attempt < 3; attempt++) {
                var cluster = new PostgresCluster(bin, dir, root, freePort());
                try {
                    cluster.startServer();
                    return cluster;
                } catch (IOException e) {
                    last = e; // the port was taken between choosing and binding it: choose again
                }
            }
            throw last;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a test PostgreSQL with the binaries in " + bin, e);
        }
    }

    private void startServer() throws IOException {
        var options = String.join(" ", "-p", Integer.toString(port), "-k", dir.toString(),
                "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300", "-c", "fsync=off",
                "-c", "full_page_writes=off", "-c", "shared_buffers=32MB");
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-l",
                dir.resolve("server.log").toString(), "-w", "-t", "60", "-o", options, "start"), 90);
    }

    /**
     * Restarts the server on the same port ({@code pg_ctl restart -m fast}): every session ends, its locks with it,
     * and the server refuses connections until it is back. For a cluster of the test's own ({@link #start()}).
     */
    public void restart() {
        try {
            run(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-l",
                    dir.resolve("server.log").toString(), "-w", "-t", "60", "-m", "fast", "restart"), 90);
        } catch (IOException e) {
            throw new UncheckedIOException("test PostgreSQL did not restart", e);
        }
    }

    /** The {@code --set} settings of a Parley process on database {@code url} of a test cluster. */
    public static List<String> settings(String url) {
        return List.of("db.url=" + url, "db.user=" + SUPERUSER, "db.password=" + PASSWORD);
    }

    /** A JDBC URL of database {@code name} on this cluster. */
    public String url(String name) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + name;
    }

    public int port() {
        return port;
    }

    /** Creates an empty database and returns its JDBC URL (log in as {@link #SUPERUSER} / {@link #PASSWORD}). */
    public String newEmptyDatabase() {
        var name = "t" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
        execute("create database " + name);
        return url(name);
    }

    /**
     * Creates a database holding Parley's current schema and returns its JDBC URL: a copy of a template migrated
     * once per cluster, so each test pays a file copy, not the migrations (Parley still runs Flyway on open and finds
     * nothing to do).
     */
    public synchronized String newDatabase() {
        if (!templateReady) {
            execute("create database " + TEMPLATE);
            Database.open(url(TEMPLATE), SUPERUSER, PASSWORD, 2).close();
            templateReady = true;
        }
        var name = "t" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
        execute("create database " + name + " template " + TEMPLATE);
        return url(name);
    }

    /** Runs one statement as the superuser in the {@code postgres} database. */
    public void execute(String sql) {
        try (var c = DriverManager.getConnection(url("postgres"), SUPERUSER, PASSWORD);
             var st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("test PostgreSQL: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            run(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "immediate",
                    "-w", "stop"), 60);
        } catch (IOException e) {
            System.err.println("test PostgreSQL did not stop: " + e.getMessage());
        }
        // Thousands of files (a database per test): removed by a process of its own, which may outlive this JVM,
        // so a JVM's exit is not held up by it.
        try {
            new ProcessBuilder("rm", "-rf", dir.toString()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            System.err.println("test PostgreSQL directory not removed: " + dir);
        }
    }

    private void run(List<String> command, int timeoutSeconds) throws IOException {
        var full = new ArrayList<String>();
        if (asPostgresUser) full.addAll(List.of("runuser", "-u", OS_USER, "--"));
        full.addAll(command);
        var output = dir.resolve("command.out");
        var builder = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(output.toFile());
        withoutFakedClock(builder.environment());
        var process = builder.start();
        try {
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(command.getFirst() + " did not finish in " + timeoutSeconds + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (process.exitValue() != 0) {
            var log = dir.resolve("server.log");
            throw new IOException(command.getFirst() + " exited " + process.exitValue() + ": "
                    + Files.readString(output) + (Files.exists(log) ? "\n" + Files.readString(log) : ""));
        }
    }

    /**
     * The test server runs on the real clock even when the tests run under libfaketime ({@code faketime -f '+8h' bash
     * .ci/run}, to run the suite at another hour): libfaketime breaks PostgreSQL's timers, so its deadlock check and
     * its statement and lock timeouts never fire (measured on a server started under it: {@code pg_sleep(4)} with a
     * {@code statement_timeout} of 1 s ran its 4 s), and two transactions in a deadlock wait for ever. Parley never asks
     * the database for the time (every instant comes from its {@code Clock}), so the server's clock does not matter.
     */
    static void withoutFakedClock(java.util.Map<String, String> environment) {
        var preload = environment.get("LD_PRELOAD");
        if (preload != null) {
            var kept = java.util.Arrays.stream(preload.split("[: ]"))
                    .filter(library -> !library.isBlank() && !library.contains("faketime"))
                    .collect(java.util.stream.Collectors.joining(":"));
            if (kept.isEmpty()) environment.remove("LD_PRELOAD");
            else environment.put("LD_PRELOAD", kept);
        }
        environment.keySet().removeIf(name -> name.startsWith("FAKETIME"));
    }

    private static Path binaries() {
        var configured = System.getenv("PARLEY_PG_BIN");
        if (configured != null && !configured.isBlank()) return Path.of(configured);
        for (var entry : System.getenv().getOrDefault("PATH", "").split(":")) {
            var initdb = Path.of(entry.isEmpty() ? "." : entry, "initdb");
            if (Files.isExecutable(initdb)) {
                try {
                    return initdb.toRealPath().getParent();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        var debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (var versions = Files.list(debian)) {
                var newest = versions.filter(v -> Files.isExecutable(v.resolve("bin/initdb")))
                        .max(Comparator.comparingInt(v -> version(v.getFileName().toString())));
                if (newest.isPresent()) return newest.get().resolve("bin");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("no PostgreSQL server binaries: install them (Debian: apt-get install "
                + "postgresql; .ci/run does) or point PARLEY_PG_BIN at the directory holding initdb and pg_ctl");
    }

    private static int version(String name) {
        try {
            return Integer.parseInt(name.toLowerCase(Locale.ROOT));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void chownToPostgres(Path path) throws IOException {
        var lookup = path.getFileSystem().getUserPrincipalLookupService();
        Files.setOwner(path, lookup.lookupPrincipalByName(OS_USER));
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
