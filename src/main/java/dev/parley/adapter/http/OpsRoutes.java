package dev.parley.adapter.http;

import dev.parley.application.pipeline.PipelineMetrics;
import dev.parley.application.store.Transactions;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** /health (no auth) and /metrics (Prometheus text format). */
public final class OpsRoutes {
    private final Transactions transactions;
    private final PipelineMetrics metrics;
    private final String version;

    public OpsRoutes(Transactions transactions, PipelineMetrics metrics, String version) {
        this.transactions = transactions;
        this.metrics = metrics;
        this.version = version;
    }

    public List<Route> routes() {
        return List.of(Route.open("GET", "/health", r -> health()), Route.open("GET", "/metrics", r -> metrics()));
    }

    private HttpResponse health() {
        try {
            transactions.inTransaction(s -> s.inbox().countByStatus());
            return HttpResponse.json(200, Map.of("status", "ok", "version", version));
        } catch (RuntimeException e) {
            return HttpResponse.json(503, Map.of("status", "unavailable", "version", version));
        }
    }

    private HttpResponse metrics() {
        var out = new StringBuilder();
        counter(out, "parley_webhooks_received_total", "Receipts stored in the inbox", metrics.received.sum());
        counter(out, "parley_webhooks_duplicates_total", "Receipts already stored", metrics.duplicates.sum());
        counter(out, "parley_messages_processed_total", "Inbox rows processed", metrics.processed.sum());
        counter(out, "parley_messages_failed_total", "Inbox rows marked FAILED", metrics.failed.sum());
        counter(out, "parley_messages_retried_total", "Processing attempts that will be retried",
                metrics.retried.sum());
        var counts = transactions.inTransaction(s -> Map.of("outbox", s.outbox().countByStatus(),
                "inbox", s.inbox().countByStatus()));
        out.append("# HELP parley_outbox_messages Outbox rows by status\n# TYPE parley_outbox_messages gauge\n");
        for (var status : OutboxStatus.values()) {
            out.append("parley_outbox_messages{status=\"").append(status).append("\"} ")
                    .append(counts.get("outbox").get(status)).append('\n');
        }
        out.append("# HELP parley_inbox_messages Inbox rows by status\n# TYPE parley_inbox_messages gauge\n");
        for (var status : InboxStatus.values()) {
            out.append("parley_inbox_messages{status=\"").append(status).append("\"} ")
                    .append(counts.get("inbox").get(status)).append('\n');
        }
        out.append("# HELP parley_processing_latency_seconds Receipt to PROCESSED\n")
                .append("# TYPE parley_processing_latency_seconds histogram\n");
        var buckets = PipelineMetrics.LATENCY_BUCKETS;
        for (int i = 0; i < buckets.length; i++) {
            out.append("parley_processing_latency_seconds_bucket{le=\"").append(format(buckets[i])).append("\"} ")
                    .append(metrics.bucket(i)).append('\n');
        }
        out.append("parley_processing_latency_seconds_bucket{le=\"+Inf\"} ").append(metrics.latencyCount())
                .append('\n');
        out.append("parley_processing_latency_seconds_sum ").append(format(metrics.latencySumSeconds())).append('\n');
        out.append("parley_processing_latency_seconds_count ").append(metrics.latencyCount()).append('\n');
        return HttpResponse.text(200, "text/plain; version=0.0.4; charset=utf-8", out.toString());
    }

    private static void counter(StringBuilder out, String name, String help, long value) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n')
                .append("# TYPE ").append(name).append(" counter\n")
                .append(name).append(' ').append(value).append('\n');
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%s", value);
    }
}
