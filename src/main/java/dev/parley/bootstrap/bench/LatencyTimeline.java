package dev.parley.bootstrap.bench;

import dev.parley.application.csv.CsvLines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code parley bench ingest --rate N --latencies FILE}: every timed request of the run as one CSV line, in send order,
 * so a tail can be placed in time (a burst of slow messages, and what the GC log or a JFR recording of the same JVM
 * shows at that uptime). Columns: {@code request} (0-based), {@code sent_at_ms} (intended send time from the first
 * request's), {@code sent_at_uptime_ms} (the same as the JVM's uptime), {@code answer_ms} and {@code processed_ms}
 * (from the intended send time to the 2xx and to the message PROCESSED; empty for a request that got no 2xx).
 */
public final class LatencyTimeline {
    static final String HEADER = "request,sent_at_ms,sent_at_uptime_ms,answer_ms,processed_ms";

    private LatencyTimeline() {
    }

    public static void write(Path file, List<PipelineRun.RequestTiming> timings) throws IOException {
        var out = new StringBuilder(HEADER).append('\n');
        for (var t : timings) {
            out.append(CsvLines.line(List.of(t.index(), millis(t.sentAtMillis()), millis(t.sentAtUptimeMillis()),
                    millis(t.answerMillis()), millis(t.processedMillis()))));
        }
        Files.writeString(file, out, StandardCharsets.UTF_8);
    }

    private static String millis(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }
}
