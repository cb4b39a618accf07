package dev.parley.adapter.metrics;

import dev.parley.application.model.ModelConcurrency;
import dev.parley.application.pipeline.PipelineMetrics;
import dev.parley.application.pipeline.StageMetrics;
import dev.parley.application.store.Transactions;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.DoubleSupplier;

/**
 * {@code GET /metrics} (docs/api.md, "Metrics"): the counters of the pipeline, its stages and the model's
 * concurrency, and the inbox and outbox by status, in the Prometheus text format, through the Prometheus Java client.
 * Every value is read when scraped; the rows by status cost one short read transaction each.
 */
public final class PrometheusMetrics {
    public static final String CONTENT_TYPE = PrometheusTextFormatWriter.CONTENT_TYPE;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();

    public PrometheusMetrics(Transactions transactions, PipelineMetrics pipeline, StageMetrics stages,
                             ModelConcurrency model) {
        counter("parley_webhooks_received", "Receipts stored in the inbox", pipeline.received);
        counter("parley_webhooks_duplicates", "Receipts already stored", pipeline.duplicates);
        counter("parley_messages_processed", "Inbox rows processed", pipeline.processed);
        counter("parley_messages_failed", "Inbox rows marked FAILED", pipeline.failed);
        counter("parley_messages_retried", "Processing attempts that will be retried", pipeline.retried);
        counter("parley_stages_prepared", "Units of conversation work prepared (dry runs made)", stages.prepared);
        counter("parley_stages_changed", "Units prepared again because their conversation changed meanwhile",
                stages.changed);
        counter("parley_stages_missed", "Units prepared again because their commit needed a slow call the dry run"
                + " had not made", stages.missed);
        counter("parley_stages_exhausted", "Units given up after too many preparations", stages.exhausted);
        gauge("parley_model_calls_running", "Model calls running now", model::running);
        gauge("parley_model_calls_queued", "Model calls waiting for their turn now", model::queued);
        gauge("parley_model_max_concurrency", "Model calls that may run at once (model.max_concurrency)",
                model::limit);
        registry.register(GaugeWithCallback.builder().name("parley_outbox_messages").help("Outbox rows by status")
                .labelNames("status").callback(callback -> {
                    var counts = transactions.inTransaction(s -> s.outbox().countByStatus());
                    for (var status : OutboxStatus.values()) callback.call(counts.get(status), status.name());
                }).build());
        registry.register(GaugeWithCallback.builder().name("parley_inbox_messages").help("Inbox rows by status")
                .labelNames("status").callback(callback -> {
                    var counts = transactions.inTransaction(s -> s.inbox().countByStatus());
                    for (var status : InboxStatus.values()) callback.call(counts.get(status), status.name());
                }).build());
        registry.register(new LatencyHistogram("parley_processing_latency_seconds", "Receipt to PROCESSED",
                pipeline));
    }

    /** Every metric as the Prometheus text format ({@link #CONTENT_TYPE}). */
    public byte[] scrape() {
        var out = new ByteArrayOutputStream();
        try {
            writer.write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return out.toByteArray();
    }

    private void counter(String name, String help, LongAdder value) {
        registry.register(CounterWithCallback.builder().name(name).help(help)
                .callback(callback -> callback.call(value.sum())).build());
    }

    private void gauge(String name, String help, DoubleSupplier value) {
        registry.register(GaugeWithCallback.builder().name(name).help(help)
                .callback(callback -> callback.call(value.getAsDouble())).build());
    }
}
