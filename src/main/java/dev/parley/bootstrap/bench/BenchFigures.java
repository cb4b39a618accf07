package dev.parley.bootstrap.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/** The benchmark's result, printed as one JSON line; the goal is both ratios at 0.5 or more. */
public record BenchFigures(int messages, int clients, double rawH2RowsPerSecond, double bareHttpRps,
                           PipelineRun.Figures pipeline) {

    public Map<String, Object> asJson() {
        var m = new LinkedHashMap<String, Object>();
        m.put("raw_h2_rows_per_s", round(rawH2RowsPerSecond));
        m.put("pipeline_msgs_per_s", round(pipeline.msgsPerSecond()));
        m.put("bare_http_rps", round(bareHttpRps));
        m.put("ingest_rps", round(pipeline.ingestPerSecond()));
        m.put("p50_ms", round(pipeline.p50Millis()));
        m.put("p99_ms", round(pipeline.p99Millis()));
        m.put("pipeline_vs_raw", ratio(pipeline.msgsPerSecond(), rawH2RowsPerSecond));
        m.put("ingest_vs_bare", ratio(pipeline.ingestPerSecond(), bareHttpRps));
        m.put("messages", messages);
        m.put("clients", clients);
        return m;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private static double ratio(double a, double b) {
        return Math.round(a / b * 100) / 100.0;
    }
}
