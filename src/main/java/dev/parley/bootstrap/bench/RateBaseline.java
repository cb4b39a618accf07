package dev.parley.bootstrap.bench;

import java.util.Arrays;

/**
 * The baselines {@code parley bench ingest --rate} reports its latencies against, measured in the same run just
 * before Parley's, so that a loaded machine shows up in both: the same open-loop load at the same rate against a
 * bare Jetty server, the one Parley runs on (what answering costs without Parley), the time of one durable H2 commit
 * (the floor of a receipt; a message costs at least two), and one forced append to the receipt journal (which every
 * receipt pays before its 2xx, beside its commit).
 *
 * @param answerP50Millis from each request's intended send time to its 2xx, bare server
 * @param rawCommitMillis one inbox-shaped insert and commit on a fresh H2 file with {@code WRITE_DELAY=0}, mean
 * @param journalAppendMillis one receipt appended to a fresh receipt journal and forced to disk, one thread, mean
 */
public record RateBaseline(double answerP50Millis, double answerP99Millis, double answerMaxMillis,
                           double answeredWithinASecond, double rawCommitMillis,
                           double journalAppendMillis) {
    /** Any valid secret: the bare server does not verify. */
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYqr";

    public static RateBaseline measure(double rate, double seconds) throws Exception {
        double[] answered;
        int count = (int) Math.max(1, Math.round(rate * seconds));
        int warm = (int) Math.max(1, Math.round(rate * Math.min(5, seconds)));
        try (var server = new BareHttpServer()) {
            OpenLoadGenerator.run(BenchMessages.signed(server.baseUrl(), SECRET, "warm", warm), rate,
                    java.time.Duration.ofMinutes(5));
            var load = OpenLoadGenerator.run(BenchMessages.signed(server.baseUrl(), SECRET, "timed", count), rate,
                    java.time.Duration.ofMinutes(5));
            answered = new double[count];
            for (int i = 0; i < count; i++) {
                // an unanswered request counts as never answered: it sorts last
                answered[i] = load.answeredNanos()[i] == 0 ? Double.POSITIVE_INFINITY
                        : (load.answeredNanos()[i] - load.intendedNanos()[i]) / 1e6;
            }
        }
        Arrays.sort(answered);
        long withinASecond = Arrays.stream(answered).filter(ms -> ms <= 1000).count();
        double rowsPerSecond;
        double journalAppendMillis;
        try (var scratch = ScratchDirectory.create("parley-bench-raw-")) {
            rowsPerSecond = RawH2Inserts.rowsPerSecond(scratch.path(), 200, 1000);
            journalAppendMillis = JournalAppends.meanMillis(scratch.path(), 50, 500);
        }
        return new RateBaseline(Percentiles.of(answered, 0.50), Percentiles.of(answered, 0.99), answered[count - 1],
                (double) withinASecond / count, 1000 / rowsPerSecond, journalAppendMillis);
    }
}
