package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.application.ManualClock;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The operator API over real HTTP: auth, errors naming their field, paging, the detail contract, the audit log. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OperatorApiTest {
    final ManualClock clock = new ManualClock(Instant.parse("2026-07-01T09:00:00Z"));
    final AtomicInteger ids = new AtomicInteger();
    TestParley parley;
    ParleyHttp http;

    @BeforeAll
    void start(@TempDir Path home) {
        parley = TestParley.start(home, clock, Map.of(), null, List.of(new ScriptedPlaybook(false)));
        http = parley.http();
    }

    @AfterAll
    void stop() {
        parley.close();
    }

    long startConversation(String channel, String to) {
        var response = http.apiPost("/api/conversations", "{\"playbook\":\"scripted\",\"channel\":\"" + channel
                + "\",\"to\":\"" + to + "\",\"text\":\"Welcome\",\"actor\":\"ana@ops.test\"}");
        assertThat(response.statusCode()).isEqualTo(201);
        var json = ParleyHttp.json(response);
        assertThat(json.get("outbox_id").asLong()).isPositive();
        return json.get("id").asLong();
    }

    void inbound(String channel, String from, String text) {
        long before = parley.inboxCounts().get(InboxStatus.PROCESSED);
        var id = "api-" + ids.incrementAndGet();
        assertThat(http.postGeneric("wh-" + id, ParleyHttp.message(id, channel, from, text), clock).statusCode())
                .isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.inboxCounts().get(InboxStatus.PROCESSED) > before);
    }

    void awaitOutboxSettled() {
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.app.database.transactions()
                .inTransaction(s -> s.outbox().countByStatus()).get(OutboxStatus.PENDING) == 0);
    }

    static void assertInvalid(HttpResponse<String> response, String field) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        var json = ParleyHttp.json(response);
        assertThat(json.get("error").asText()).isEqualTo("invalid_request");
        assertThat(json.get("field").asText()).isEqualTo(field);
        assertThat(json.get("detail").asText()).isNotBlank();
    }

    @Test
    void missingOrWrongTokenIs401() {
        var unauthorized = List.of(
                http.send(http.request("/api/conversations").GET().build()),
                http.send(http.request("/api/conversations").header("Authorization", "Bearer wrong-token-0123456789")
                        .GET().build()),
                http.send(http.request("/api/conversations").header("Authorization", TestParley.TOKEN).GET().build()),
                http.send(http.request("/api/inbox").header("Authorization", "Basic " + TestParley.TOKEN)
                        .GET().build()),
                http.send(http.request("/api/conversations").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"to\":\"+1\",\"text\":\"x\",\"actor\":\"y\"}")).build()));
        for (var response : unauthorized) {
            assertThat(response.statusCode()).isEqualTo(401);
            assertThat(response.body()).isEqualTo("{\"error\":\"unauthorized\"}");
        }
        assertThat(http.apiGet("/api/conversations").statusCode()).isEqualTo(200);
    }

    @Test
    void unknownIdsAre404() {
        assertThat(http.apiGet("/api/conversations/987654").statusCode()).isEqualTo(404);
        assertThat(http.apiGet("/api/conversations/not-a-number").statusCode()).isEqualTo(404);
        assertThat(http.apiPost("/api/conversations/987654/reply", "{\"text\":\"hi\",\"actor\":\"ana\"}")
                .statusCode()).isEqualTo(404);
        assertThat(http.apiPost("/api/conversations/987654/unblock",
                "{\"resume_state\":\"Open\",\"note\":\"ok\",\"actor\":\"ana\"}").statusCode()).isEqualTo(404);
        assertThat(http.apiPost("/api/inbox/987654/retry", "{\"actor\":\"ana\"}").statusCode()).isEqualTo(404);
        assertThat(http.apiGet("/api/nothing-here").statusCode()).isEqualTo(404);
    }

    @Test
    void invalidBodiesAndParametersAre400NamingTheField() {
        long id = startConversation("sms", "+15556660001");
        assertInvalid(http.apiPost("/api/conversations", "{\"to\":\"+15556660002\",\"actor\":\"ana\"}"), "text");
        assertInvalid(http.apiPost("/api/conversations", "{\"to\":\"+15556660002\",\"text\":\"hi\"}"), "actor");
        assertInvalid(http.apiPost("/api/conversations", "{\"text\":\"hi\",\"actor\":\"ana\"}"), "to");
        assertInvalid(http.apiPost("/api/conversations",
                "{\"to\":\"+15556660002\",\"text\":\"hi\",\"actor\":\"ana\",\"channel\":\"pigeon\"}"), "channel");
        assertInvalid(http.apiPost("/api/conversations",
                "{\"to\":\"+15556660002\",\"text\":\"hi\",\"actor\":\"ana\",\"playbook\":\"nope\"}"), "playbook");
        assertInvalid(http.apiPost("/api/conversations", "{\"to\": "), "body");
        assertInvalid(http.apiPost("/api/conversations", "[]"), "body");
        assertInvalid(http.apiPost("/api/conversations/" + id + "/reply", "{\"actor\":\"ana\"}"), "text");
        assertInvalid(http.apiPost("/api/conversations/" + id + "/reply", "{\"text\":7,\"actor\":\"ana\"}"), "text");
        assertInvalid(http.apiPost("/api/conversations/" + id + "/reply", "{\"text\":\"hi\"}"), "actor");
        assertInvalid(http.apiPost("/api/conversations/" + id + "/unblock",
                "{\"resume_state\":\"Open\",\"actor\":\"ana\"}"), "note");
        assertInvalid(http.apiPost("/api/conversations/" + id + "/unblock",
                "{\"resume_state\":\"Nudged\",\"note\":\"n\",\"actor\":\"ana\"}"), "resume_state");
        assertInvalid(http.apiPost("/api/conversations/" + id + "/unblock",
                "{\"resume_state\":\"NoSuchState\",\"note\":\"n\",\"actor\":\"ana\"}"), "resume_state");
        assertInvalid(http.apiGet("/api/conversations?limit=0"), "limit");
        assertInvalid(http.apiGet("/api/conversations?limit=many"), "limit");
        assertInvalid(http.apiGet("/api/conversations?limit=100000"), "limit");
        assertInvalid(http.apiGet("/api/conversations?cursor=bm90LWEtY3Vyc29y"), "cursor");
        assertInvalid(http.apiGet("/api/conversations?cursor=%25%25"), "cursor");
        assertInvalid(http.apiGet("/api/inbox?status=LOST"), "status");
        assertThat(http.apiPost("/api/conversations",
                "{\"to\":\"+15556660001\",\"text\":\"again\",\"actor\":\"ana\",\"channel\":\"sms\"}").statusCode())
                .as("a second conversation with the same contact").isEqualTo(409);
    }

    @Test
    void listFiltersAndPagesWithACursor() {
        var created = new HashSet<Long>();
        for (int i = 0; i < 7; i++) {
            created.add(startConversation("email", "pager" + i + "@example.test"));
            clock.advance(Duration.ofSeconds(1));
        }
        startConversation("chat", "not-in-the-filter");
        awaitOutboxSettled();

        var seen = new ArrayList<Long>();
        var pages = new ArrayList<Integer>();
        String cursor = null;
        do {
            var page = ParleyHttp.json(http.apiGet("/api/conversations?channel=email&limit=3"
                    + (cursor == null ? "" : "&cursor=" + cursor)));
            pages.add(page.get("items").size());
            page.get("items").forEach(item -> {
                assertThat(item.get("channel").asText()).isEqualTo("email");
                assertThat(item.get("playbook").asText()).isEqualTo("scripted");
                seen.add(item.get("id").asLong());
            });
            cursor = page.get("next_cursor").isNull() ? null : page.get("next_cursor").asText();
        } while (cursor != null);

        assertThat(pages).containsExactly(3, 3, 1);
        assertThat(seen).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(created);
        assertThat(seen).as("most recently updated first").isSortedAccordingTo((a, b) -> Long.compare(b, a));

        var byKey = ParleyHttp.json(http.apiGet("/api/conversations?channel=email&key=pager3%40example.test"));
        assertThat(byKey.get("items")).hasSize(1);
        assertThat(byKey.get("items").get(0).get("key").asText()).isEqualTo("pager3@example.test");
        var byState = ParleyHttp.json(http.apiGet("/api/conversations?channel=email&state=Open&playbook=scripted"));
        assertThat(byState.get("items")).hasSize(7);
        assertThat(ParleyHttp.json(http.apiGet("/api/conversations?channel=email&state=Nudged")).get("items"))
                .isEmpty();
    }

    @Test
    void detailCarriesEveryContractFieldAndOperatorActionsAreAudited() {
        var address = "+15556660009";
        long id = startConversation("sms", address);
        inbound("sms", address, "echo hello");
        inbound("sms", address, "alert");
        inbound("sms", address, "echo anyone?");
        awaitOutboxSettled();
        var reply = http.apiPost("/api/conversations/" + id + "/reply",
                "{\"text\":\"Looking into it\",\"actor\":\"ana@ops.test\"}");
        assertThat(reply.statusCode()).isEqualTo(202);
        var unblock = http.apiPost("/api/conversations/" + id + "/unblock",
                "{\"resume_state\":\"Open\",\"note\":\"checked\",\"actor\":\"ana@ops.test\"}");
        assertThat(unblock.statusCode()).isEqualTo(200);
        assertThat(ParleyHttp.json(unblock).get("state").asText()).isEqualTo("Open");
        awaitOutboxSettled();

        var detail = ParleyHttp.json(http.apiGet("/api/conversations/" + id));

        assertHasFields(detail, "id", "channel", "key", "playbook", "state", "automation_paused", "contact",
                "messages", "events", "alerts", "outbox");
        assertThat(detail.get("id").asLong()).isEqualTo(id);
        assertThat(detail.get("channel").asText()).isEqualTo("sms");
        assertThat(detail.get("key").asText()).isEqualTo(address);
        assertThat(detail.get("playbook").asText()).isEqualTo("scripted");
        assertThat(detail.get("state").asText()).isEqualTo("Open");
        assertThat(detail.get("automation_paused").isBoolean()).isTrue();
        assertHasFields(detail.get("contact"), "address", "status");
        assertThat(detail.get("contact").get("address").asText()).isEqualTo(address);
        assertThat(detail.get("contact").get("status").asText()).isEqualTo("ACTIVE");
        assertThat(detail.get("messages")).hasSizeGreaterThanOrEqualTo(5).allSatisfy(
                m -> assertHasFields(m, "id", "direction", "text", "status", "at"));
        assertThat(detail.get("messages")).anySatisfy(m -> {
            assertThat(m.get("direction").asText()).isEqualTo("IN");
            assertThat(m.get("text").asText()).isEqualTo("echo hello");
        });
        assertThat(detail.get("events")).isNotEmpty().allSatisfy(
                e -> assertHasFields(e, "type", "from", "to", "trigger", "actor", "at"));
        assertThat(detail.get("events")).anySatisfy(e -> {
            assertThat(e.get("type").asText()).isEqualTo("transition");
            assertThat(e.get("to").asText()).isEqualTo("HumanReview");
            assertThat(e.get("trigger").asText()).isEqualTo("critical_alert");
        });
        assertThat(detail.get("alerts")).singleElement().satisfies(a -> {
            assertHasFields(a, "severity", "categories", "status", "acknowledged_by", "acknowledged_at",
                    "resolved_by", "resolved_at", "resolution_note");
            assertThat(a.get("severity").asText()).isEqualTo("CRITICAL");
            assertThat(a.get("categories").get(0).asText()).isEqualTo("threat");
            // the unblock was the decision the alert waited for: it resolved it with its note
            assertThat(a.get("status").asText()).isEqualTo("RESOLVED");
            assertThat(a.get("resolved_by").asText()).isEqualTo("ana@ops.test");
            assertThat(a.get("resolution_note").asText()).isEqualTo("unblocked: checked");
        });
        assertThat(detail.get("outbox")).allSatisfy(o -> assertHasFields(o, "status", "reason", "text"));
        assertThat(detail.get("outbox")).anySatisfy(o -> {
            assertThat(o.get("status").asText()).isEqualTo("HELD");
            assertThat(o.get("reason").asText()).isEqualTo("contact BLOCKED");
            assertThat(o.get("text").asText()).isEqualTo("you said: anyone?");
        });

        var audit = parley.app.find.detail(id).audit();
        assertThat(audit).extracting(a -> a.action()).contains("start_conversation", "reply", "unblock");
        assertThat(audit).allSatisfy(a -> {
            assertThat(a.actor()).isEqualTo("ana@ops.test");
            assertThat(a.targetType()).isEqualTo("conversation");
            assertThat(a.targetId()).isEqualTo(id);
        });
    }

    @Test
    void healthNeedsNoTokenAndMetricsSpeakPrometheus() {
        var health = http.send(http.request("/health").GET().build());
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(ParleyHttp.json(health).get("status").asText()).isEqualTo("ok");

        inbound("chat", "metrics-user", "count me");
        var duplicate = http.postGeneric("wh-dup", ParleyHttp.message("api-" + ids.get(), "chat", "metrics-user",
                "count me"), clock);
        assertThat(duplicate.statusCode()).isEqualTo(200);

        var metrics = http.send(http.request("/metrics").GET().build());
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.headers().firstValue("Content-Type")).hasValueSatisfying(
                v -> assertThat(v).startsWith("text/plain"));
        var text = metrics.body();
        assertThat(text).contains("# TYPE parley_webhooks_received_total counter",
                "# TYPE parley_webhooks_duplicates_total counter", "# TYPE parley_messages_processed_total counter",
                "# TYPE parley_messages_failed_total counter", "# TYPE parley_outbox_messages gauge",
                "parley_outbox_messages{status=\"SENT\"}", "parley_outbox_messages{status=\"HELD\"}",
                "# TYPE parley_processing_latency_seconds histogram",
                "parley_processing_latency_seconds_bucket{le=\"+Inf\"}", "parley_processing_latency_seconds_sum",
                "parley_processing_latency_seconds_count");
        assertThat(value(text, "parley_webhooks_received_total")).isGreaterThanOrEqualTo(1);
        assertThat(value(text, "parley_webhooks_duplicates_total")).isGreaterThanOrEqualTo(1);
        assertThat(value(text, "parley_messages_processed_total")).isGreaterThanOrEqualTo(1);
        assertThat(value(text, "parley_processing_latency_seconds_count"))
                .isEqualTo(value(text, "parley_messages_processed_total"));
        for (var line : text.lines().toList()) {
            assertThat(line).as("Prometheus text format").matches("# (HELP|TYPE) .*|[a-z_]+(\\{[^}]*\\})? [0-9.Ee+-]+");
        }
    }

    private static double value(String text, String name) {
        return text.lines().filter(l -> l.startsWith(name + " ")).map(l -> Double.parseDouble(l.split(" ")[1]))
                .findFirst().orElseThrow();
    }

    private static void assertHasFields(JsonNode node, String... fields) {
        Set<String> names = new HashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        assertThat(names).as(node.toString()).contains(fields);
    }
}
