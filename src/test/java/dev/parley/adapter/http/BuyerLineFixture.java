package dev.parley.adapter.http;

import dev.parley.adapter.playbooks.DemoCatalog;
import dev.parley.application.ManualClock;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.TestParley;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A Parley listening on a free port, on a manual clock, with the demo catalogue, its pipeline, scheduler and outbox
 * driven by the test (their background loops stopped): a buyer texts the buyer-sms line up to the guarantee link,
 * and the link's page is served by the listener as in production.
 */
final class BuyerLineFixture implements AutoCloseable {
    static final String BUYER = "+13135550601";
    static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private static final Pattern LINK = Pattern.compile("http://\\S+/g/[A-Za-z0-9_-]+");

    final ManualClock clock = new ManualClock(Instant.parse("2025-02-24T15:00:00Z"));
    final TestParley parley;
    private int ids;

    BuyerLineFixture(Path home) {
        this(home, Map.of());
    }

    BuyerLineFixture(Path home, Map<ConfigKey, String> settings) {
        parley = TestParley.start(home, clock, settings, null);
        parley.app.catalog.load(DemoCatalog.items());
        parley.app.worker.close();
        parley.app.schedulerLoop.close();
        parley.app.outboxLoop.close();
    }

    void settle() {
        while (parley.app.worker.drain() + parley.app.runDueJobs.runDue(100)
                + parley.app.deliverOutbox.deliverDue(100) > 0) {
            // another round: a job may queue a message, a message may schedule a job
        }
    }

    void buyer(String text) {
        clock.advance(Duration.ofMinutes(1));
        parley.app.receive.receive(new InboundMessage("aircall", "ac-" + (++ids), BUYER, BUYER, "+12485550100", text,
                null, null, "buyer-sms", null), "{}");
        settle();
    }

    void advance(Duration duration) {
        clock.advance(duration);
        settle();
    }

    /** Search, focus, "yeah let's do it", name, e-mail: returns the guarantee link the buyer got by SMS. */
    String toGuaranteeLink() {
        buyer("Need 15,000 sqft near Detroit for auto parts storage");
        buyer("Tell me more about the Commerce one");
        buyer("Yeah let's do it");
        buyer("Sarah Chen");
        buyer("sarah@acmecorp.com");
        var m = LINK.matcher(last());
        if (!m.find()) throw new AssertionError("no guarantee link in: " + last());
        return m.group();
    }

    long conversation() {
        return parley.app.transactions.inTransaction(s -> s.conversations().findByKey("aircall", BUYER)).orElseThrow()
                .id();
    }

    String phase() {
        return parley.app.transactions.inTransaction(s -> s.conversations().find(conversation())).orElseThrow().state();
    }

    List<String> sent() {
        return parley.app.transactions.inTransaction(s -> s.conversations().findByKey("aircall", BUYER)
                .map(c -> s.outbox().ofConversation(c.id()).stream().filter(o -> o.status() == OutboxStatus.SENT)
                        .map(o -> o.text()).toList()).orElse(List.of()));
    }

    String last() {
        return sent().getLast();
    }

    String base() {
        return "http://127.0.0.1:" + parley.app.port();
    }

    static HttpResponse<String> get(String url, String... headers) throws Exception {
        var b = HttpRequest.newBuilder(URI.create(url)).GET();
        if (headers.length > 0) b.headers(headers);
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> postForm(String url, String form) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("content-type",
                "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() {
        parley.close();
    }
}
