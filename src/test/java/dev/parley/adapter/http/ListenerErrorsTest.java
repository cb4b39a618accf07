package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.IThrowableProxy;
import dev.parley.application.RedactedThrowable;
import dev.parley.application.pipeline.PipelineMetrics;
import dev.parley.application.pipeline.ReceiveInboundMessage;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.store.Store;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.application.store.Transactions;
import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.LogCapture;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the listener answers what goes wrong, over real HTTP on port 0: a bug is 500 (logged once, with its stack
 * trace and without any exception message), only an unavailable store is 503; the API token is checked before the
 * method or path is looked at; a 405 says what is allowed.
 */
class ListenerErrorsTest {
    static final String PHONE = "+15550177003";
    LogCapture logs;

    @BeforeEach
    void capture() {
        logs = LogCapture.start();
    }

    @AfterEach
    void release() {
        logs.close();
    }

    /** A store whose every transaction throws what {@code failure} holds. */
    static Transactions failing(AtomicReference<RuntimeException> failure) {
        return new Transactions() {
            @Override
            public <T> T inTransaction(Function<Store, T> work) {
                throw failure.get();
            }
        };
    }

    @Test
    void aBugInTheWebhookPathIs500AndOnlyAnUnavailableStoreIs503() throws Exception {
        var failure = new AtomicReference<RuntimeException>();
        var receive = new ReceiveInboundMessage(failing(failure), Clock.systemUTC(), new PipelineMetrics(),
                WorkSignal.NONE);
        var settings = new WebhookRoutes.Settings(null, true, null, null, TrustedProxies.NONE);
        var routes = new WebhookRoutes(receive, () -> settings, Clock.systemUTC(), null).routes();
        try (var listener = new HttpListener(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                () -> TestParley.TOKEN)) {
            listener.start(routes);
            var http = new ParleyHttp("http://127.0.0.1:" + listener.port());
            var body = ParleyHttp.message("bug-1", "sms", PHONE, "hello");

            failure.set(new NullPointerException("Cannot read " + PHONE));
            var bug = http.send(http.request("/webhooks/generic").POST(HttpRequest.BodyPublishers.ofString(body))
                    .build());
            assertThat(bug.statusCode()).isEqualTo(500);
            assertThat(ParleyHttp.json(bug).get("error").asText()).isEqualTo("internal_error");
            assertThat(ParleyHttp.json(bug).get("detail").asText()).isNotBlank();

            failure.set(new StoreUnavailableException("database unavailable", new java.sql.SQLException(PHONE)));
            var down = http.send(http.request("/webhooks/generic").POST(HttpRequest.BodyPublishers.ofString(body))
                    .build());
            assertThat(down.statusCode()).isEqualTo(503);
            assertThat(ParleyHttp.json(down).get("error").asText()).isEqualTo("store_unavailable");
        }
        var errors = logs.events().stream().filter(e -> e.getLevel() == Level.ERROR).toList();
        assertThat(errors).as("the bug is logged once").hasSize(1);
        var proxy = errors.getFirst().getThrowableProxy();
        assertThat(proxy).as("with its stack trace").isNotNull();
        assertThat(proxy.getClassName()).isEqualTo(RedactedThrowable.class.getName());
        assertThat(proxy.getMessage()).isEqualTo(NullPointerException.class.getName());
        assertThat(proxy.getStackTraceElementProxyArray()).isNotEmpty();
        assertThat(everythingLogged()).doesNotContain(PHONE, PHONE.substring(1));
    }

    @Test
    void aBugInAPlaybookBehindTheApiIs500(@TempDir Path home) {
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null, List.of(new BuggyPlaybook()))) {
            var http = parley.http();
            var started = http.apiPost("/api/conversations", "{\"playbook\":\"buggy\",\"to\":\"" + PHONE
                    + "\",\"text\":\"hi\",\"actor\":\"ops\"}");
            long id = ParleyHttp.json(started).get("id").asLong();
            var event = http.apiPost("/api/conversations/" + id + "/events", "{\"name\":\"tour_confirmed\"}");
            assertThat(event.statusCode()).as(event.body()).isEqualTo(500);
            assertThat(ParleyHttp.json(event).get("error").asText()).isEqualTo("internal_error");
        }
        assertThat(logs.events().stream().filter(e -> e.getLevel() == Level.ERROR
                && e.getLoggerName().equals(HttpListener.class.getName()))).hasSize(1);
        assertThat(everythingLogged()).doesNotContain(PHONE, PHONE.substring(1));
    }

    @Test
    void theTokenIsCheckedBeforeTheMethodOrPathUnderApi(@TempDir Path home) {
        try (var parley = TestParley.start(home)) {
            var http = parley.http();
            for (var probe : List.of(http.request("/api/conversations").DELETE(),
                    http.request("/api/conversations/1/reply").GET(),
                    http.request("/api/no-such-thing").GET(),
                    http.request("/api").PUT(HttpRequest.BodyPublishers.ofString("{}")))) {
                var response = http.send(probe.build());
                assertThat(response.statusCode()).as(probe.build().uri().toString()).isEqualTo(401);
                assertThat(response.body()).isEqualTo("{\"error\":\"unauthorized\"}");
            }
            var authorised = http.send(http.request("/api/conversations/1/reply")
                    .header("Authorization", "Bearer " + TestParley.TOKEN).GET().build());
            assertThat(authorised.statusCode()).isEqualTo(405);
            assertThat(authorised.headers().firstValue("Allow")).hasValue("POST");
            assertThat(ParleyHttp.json(authorised).get("error").asText()).isEqualTo("method_not_allowed");
            var unknown = http.send(http.request("/api/no-such-thing")
                    .header("Authorization", "Bearer " + TestParley.TOKEN).GET().build());
            assertThat(unknown.statusCode()).isEqualTo(404);
        }
    }

    @Test
    void a405NamesEveryAllowedMethodInAllow(@TempDir Path home) {
        try (var parley = TestParley.start(home)) {
            var http = parley.http();
            var health = http.send(http.request("/health").POST(HttpRequest.BodyPublishers.ofString("")).build());
            assertThat(health.statusCode()).isEqualTo(405);
            assertThat(health.headers().firstValue("Allow")).hasValue("GET");
            assertThat(ParleyHttp.json(health).has("detail")).isTrue();

            var conversations = http.send(http.request("/api/conversations")
                    .header("Authorization", "Bearer " + TestParley.TOKEN).DELETE().build());
            assertThat(conversations.statusCode()).isEqualTo(405);
            assertThat(conversations.headers().firstValue("Allow")).hasValue("GET, POST");

            var webhook = http.send(http.request("/webhooks/twilio").GET().build());
            assertThat(webhook.statusCode()).isEqualTo(405);
            assertThat(webhook.headers().firstValue("Allow")).hasValue("POST");
        }
    }

    private String everythingLogged() {
        var out = new StringBuilder();
        for (var event : logs.events()) {
            out.append(event.getFormattedMessage()).append('\n');
            for (IThrowableProxy t = event.getThrowableProxy(); t != null; t = t.getCause()) {
                out.append(t.getClassName()).append(": ").append(t.getMessage()).append('\n');
            }
        }
        return out.toString();
    }

    /** A playbook with a bug in its event handling. */
    static final class BuggyPlaybook implements Playbook {
        @Override
        public String name() {
            return "buggy";
        }

        @Override
        public String initialState() {
            return "Open";
        }

        @Override
        public Set<String> states() {
            return Set.of("Open");
        }

        @Override
        public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
        }

        @Override
        public void onEvent(ConversationSession session, String name, Map<String, Object> data) {
            String missing = data.isEmpty() ? null : name;
            session.record(missing.toUpperCase(), Map.of());
        }
    }
}
