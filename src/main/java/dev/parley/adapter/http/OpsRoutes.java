package dev.parley.adapter.http;

import dev.parley.adapter.metrics.PrometheusMetrics;
import dev.parley.application.store.Transactions;
import java.util.List;
import java.util.Map;

/** /health (no auth) and /metrics (Prometheus text format, {@link PrometheusMetrics}). */
public final class OpsRoutes {
    private final Transactions transactions;
    private final PrometheusMetrics metrics;
    private final String version;

    public OpsRoutes(Transactions transactions, PrometheusMetrics metrics, String version) {
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
        return new HttpResponse(200, PrometheusMetrics.CONTENT_TYPE, metrics.scrape(), Map.of());
    }
}
