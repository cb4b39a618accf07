package dev.parley.bootstrap.bench;

import dev.parley.application.PipelineEvent;
import java.lang.management.ManagementFactory;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;

/**
 * Parley end to end for one batch: signed POSTs from the load generator until every message is PROCESSED.
 * "PROCESSED" is the moment the pipeline publishes {@code MessageReceived}, i.e. just after the transaction that
 * stored the message and marked its inbox row PROCESSED committed (same JVM, same {@code nanoTime} clock).
 */
public final class PipelineRun {
    /** Message id to nanoTime of its commit, fed by the app's event fan-out. */
    private final Map<Long, Long> processedNanos = new ConcurrentHashMap<>();
    private final DataSource dataSource;

    public PipelineRun(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Subscribe this to the app's pipeline events before sending. */
    public void onEvents(List<PipelineEvent> events) {
        long now = System.nanoTime();
        for (var e : events) {
            if (e instanceof PipelineEvent.MessageReceived m) processedNanos.put(m.messageId(), now);
        }
    }

    /** Figures of one measured batch. */
    public record Figures(double msgsPerSecond, double ingestPerSecond, double p50Millis, double p99Millis) {
    }

    public Figures send(String baseUrl, String secret, String batch, int count, int clients) throws Exception {
        var requests = BenchMessages.signed(baseUrl, secret, batch, count);
        int before = processedNanos.size();
        var load = LoadGenerator.run(requests, clients);
        awaitProcessed(before + count, Duration.ofMinutes(5));
        var messageIds = messageIds(batch);
        var latencies = new double[count];
        long lastProcessed = 0;
        for (int i = 0; i < count; i++) {
            long done = processedNanos.get(messageIds.get(BenchMessages.providerId(batch, i)));
            latencies[i] = (done - load.sendNanos()[i]) / 1e6;
            lastProcessed = Math.max(lastProcessed, done);
        }
        Arrays.sort(latencies);
        return new Figures(count / ((lastProcessed - load.firstSendNanos()) / 1e9), load.perSecond(),
                Percentiles.of(latencies, 0.50), Percentiles.of(latencies, 0.99));
    }

    /**
     * Figures of one batch sent at a steady rate; latencies in milliseconds from each request's intended send time,
     * over the acknowledged requests ({@code unanswered}: requests that got no 2xx, e.g. 503 under overload).
     */
    public record RateFigures(double rate, double seconds, int messages, int unanswered, double achievedRate,
                              double p50Millis, double p99Millis, double maxMillis, double processedWithinASecond,
                              double answeredWithinASecond, double answerP50Millis, double answerP99Millis,
                              List<RequestTiming> timings) {
    }

    /**
     * One request of a batch sent at a rate, in send order: its intended send time in milliseconds from the batch's
     * first and as the JVM's uptime (the clock of its GC log and of JFR's recording), and from there to its 2xx and
     * to its message PROCESSED (both NaN for a request that got no 2xx).
     */
    public record RequestTiming(int index, double sentAtMillis, double sentAtUptimeMillis, double answerMillis,
                                double processedMillis) {
    }

    /** Sends {@code rate} messages a second for {@code seconds} (open loop) and waits until all are PROCESSED. */
    public RateFigures sendAtRate(String baseUrl, String secret, String batch, double rate, double seconds)
            throws Exception {
        int count = (int) Math.max(1, Math.round(rate * seconds));
        var requests = BenchMessages.signed(baseUrl, secret, batch, count);
        int before = processedNanos.size();
        var load = OpenLoadGenerator.run(requests, rate, Duration.ofMinutes(5));
        int acknowledged = count - load.failures();
        if (acknowledged == 0) throw new IllegalStateException("no request was acknowledged");
        awaitProcessed(before + acknowledged, Duration.ofMinutes(10));
        var messageIds = messageIds(batch);
        var processed = new double[acknowledged];
        var answered = new double[acknowledged];
        int n = 0;
        int processedInASecond = 0;
        int answeredInASecond = 0;
        var timings = new ArrayList<RequestTiming>(count);
        long first = load.intendedNanos()[0];
        long nanosNow = System.nanoTime();
        double uptimeNow = ManagementFactory.getRuntimeMXBean().getUptime();
        for (int i = 0; i < count; i++) {
            long sent = load.intendedNanos()[i];
            double sentAt = (sent - first) / 1e6;
            double sentAtUptime = uptimeNow - (nanosNow - sent) / 1e6;
            if (load.answeredNanos()[i] == 0) {
                timings.add(new RequestTiming(i, sentAt, sentAtUptime, Double.NaN, Double.NaN));
                continue;
            }
            processed[n] = (processedNanos.get(messageIds.get(BenchMessages.providerId(batch, i))) - sent) / 1e6;
            answered[n] = (load.answeredNanos()[i] - sent) / 1e6;
            timings.add(new RequestTiming(i, sentAt, sentAtUptime, answered[n], processed[n]));
            if (processed[n] <= 1000) processedInASecond++;
            if (answered[n] <= 1000) answeredInASecond++;
            n++;
        }
        Arrays.sort(processed);
        Arrays.sort(answered);
        return new RateFigures(rate, seconds, count, load.failures(), load.achievedRate(),
                Percentiles.of(processed, 0.50), Percentiles.of(processed, 0.99), processed[acknowledged - 1],
                (double) processedInASecond / count, (double) answeredInASecond / count,
                Percentiles.of(answered, 0.50), Percentiles.of(answered, 0.99), List.copyOf(timings));
    }

    private void awaitProcessed(int expected, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (processedNanos.size() < expected) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("messages not processed in " + timeout);
            Thread.sleep(5);
        }
    }

    private Map<String, Long> messageIds(String batch) throws SQLException {
        var ids = new HashMap<String, Long>();
        try (var c = dataSource.getConnection(); var q = c.prepareStatement(
                "select provider_id, id from messages where direction = 'IN' and provider_id like ?")) {
            q.setString(1, "bench-" + batch + "-%");
            try (var rs = q.executeQuery()) {
                while (rs.next()) ids.put(rs.getString(1), rs.getLong(2));
            }
            c.rollback();
        }
        return ids;
    }
}
