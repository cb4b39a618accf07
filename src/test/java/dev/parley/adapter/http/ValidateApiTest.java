package dev.parley.adapter.http;

import dev.parley.domain.safety.SafetyDecisionRow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.safety.LoggingValidationFailures;
import dev.parley.adapter.safety.PhoneNumberZones;
import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.application.ManualClock;
import dev.parley.application.safety.query.StoredConversationFacts;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST /api/validate} over real HTTP on port 0, with the behavioural facts read from a real H2 store that the
 * real pipeline filled.
 */
class ValidateApiTest {
    static final String CONTACT = "+14155550100"; // San Francisco
    static final String US = "+12125550123";
    /** 20:00 UTC = 12:00 in San Francisco, 15:00 in New York: no quiet hours anywhere involved. */
    static final Instant AT = Instant.parse("2026-11-27T20:00:00Z");

    static String request(String direction, String content, String from, String to, String timestamp) {
        var payload = ParleyHttp.JSON.createObjectNode().put("content", content).put("sender", from)
                .put("recipient", to).put("channel", "sms").put("timestamp", timestamp);
        var node = ParleyHttp.JSON.createObjectNode().put("direction", direction);
        node.set("payload", payload);
        return node.toString();
    }

    @Test
    void answersTheStandardJsonRefusesBadInputAndNeedsTheToken(@TempDir Path home) throws Exception {
        var clock = new ManualClock(AT);
        try (var parley = TestParley.start(home, clock, Map.of(), null)) {
            var validator = new SafetyValidator(SafetyPolicyFile.loadDefault().policy(), clock,
                    new LoggingValidationFailures());
            var zones = new PhoneNumberZones();
            var routes = new SafetyRoutes(() -> validator,
                    (r, operator) -> StoredConversationFacts.read(parley.app.transactions, zones, n -> "assistant",
                            java.time.ZoneOffset.UTC, clock, r, operator))
                    .routes();
            try (var listener = new HttpListener(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                    () -> TestParley.TOKEN)) {
                listener.start(routes);
                var http = new ParleyHttp("http://127.0.0.1:" + listener.port());

                var ok = http.apiPost("/api/validate", request("outbound", "Are we still on for lunch?", US, CONTACT,
                        "2026-11-27T20:01:00Z"));
                assertThat(ok.statusCode()).isEqualTo(200);
                var json = ParleyHttp.json(ok);
                List<String> fields = iterate(json);
                assertThat(fields).containsExactly("trace_id", "direction", "decision", "risk_categories",
                        "enforcement_reason", "safe_output", "original_blocked", "timestamp");
                assertThat(iterate(json.get("safe_output"))).containsExactly("message_primary", "urgency_level",
                        "source_hidden", "suggested_action", "emotional_tone");
                assertThat(json.get("decision").asText()).isEqualTo("allow");
                assertThat(json.get("timestamp").asText()).isEqualTo("2026-11-27T20:01:00Z");
                var again = http.apiPost("/api/validate", request("outbound", "Are we still on for lunch?", US,
                        CONTACT, "2026-11-27T20:01:00Z"));
                assertThat(ParleyHttp.json(again).get("trace_id")).isEqualTo(json.get("trace_id"));

                var scam = ParleyHttp.json(http.apiPost("/api/validate", request("inbound",
                        "Please send money tonight, I will explain later.", CONTACT, US,
                        "2026-11-27T20:01:00Z")));
                assertThat(scam.get("decision").asText()).isEqualTo("silence");
                assertThat(scam.get("original_blocked").asBoolean()).isTrue();
                assertThat(scam.get("risk_categories").toString()).contains("financial_scam");

                var sideways = http.apiPost("/api/validate", request("sideways", "hi", CONTACT, US, null));
                assertThat(sideways.statusCode()).isEqualTo(400);
                assertThat(ParleyHttp.json(sideways).get("error").asText()).isEqualTo("invalid_direction");
                assertThat(ParleyHttp.json(sideways).get("field").asText()).isEqualTo("direction");
                var badTime = http.apiPost("/api/validate", request("inbound", "hi", CONTACT, US, "yesterday"));
                assertThat(badTime.statusCode()).isEqualTo(400);
                assertThat(ParleyHttp.json(badTime).get("field").asText()).isEqualTo("payload.timestamp");
                var notJson = http.apiPost("/api/validate", "{\"direction\":");
                assertThat(notJson.statusCode()).isEqualTo(400);
                assertThat(ParleyHttp.json(notJson).get("detail").asText()).isNotBlank();

                var anonymous = http.send(http.request("/api/validate").header("content-type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(request("inbound", "hi", CONTACT, US, null))).build());
                assertThat(anonymous.statusCode()).isEqualTo(401);
            }
        }
    }

    @Test
    void theSixthMessageInAnHourFromOneSourceIsDelayedFromTheStoresHistory(@TempDir Path home) throws Exception {
        // a personal inbox (the guardian playbook): the frequency limits protect its owner, as in the pipeline
        var clock = new ManualClock(AT);
        try (var parley = TestParley.start(home, clock, Map.of(dev.parley.bootstrap.ConfigKey.PLAYBOOK_INBOUND, "guardian"), null)) {
            var http = parley.http();
            for (int i = 0; i < 5; i++) {
                var posted = http.postGeneric("rate-" + i, ParleyHttp.message("rate-" + i, "sms", CONTACT, "hello " + i),
                        clock);
                assertThat(posted.statusCode()).isEqualTo(202);
            }
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> parley.inboxCounts().getOrDefault(InboxStatus.PROCESSED, 0L) == 5L);
            // through Parley's own listener: the route is wired in the composition root
            var sixth = ParleyHttp.json(http.apiPost("/api/validate",
                    request("inbound", "hello 6", CONTACT, US, "2026-11-27T20:10:00Z")));
            assertThat(sixth.get("decision").asText()).isEqualTo("delay");
            assertThat(sixth.get("enforcement_reason").asText()).isEqualTo("repeated_contact");
            var stranger = ParleyHttp.json(http.apiPost("/api/validate",
                    request("inbound", "hello", "+14155550199", US, "2026-11-27T20:10:00Z")));
            assertThat(stranger.get("decision").asText()).isEqualTo("deliver");
        }
    }

    @Test
    void aPolicySavedInSettingsAnswersTheNextRequestWithoutARestart(@TempDir Path home) throws Exception {
        var clock = new ManualClock(AT);
        try (var parley = TestParley.start(home, clock, Map.of(), null)) {
            var http = parley.http();
            String body = request("inbound", "Bring the pineapple express to the meeting", CONTACT, US,
                    "2026-11-27T20:01:00Z");
            var before = http.apiPost("/api/validate", body);
            assertThat(before.statusCode()).isEqualTo(200);
            String oldVersion = before.headers().firstValue(SafetyRoutes.POLICY_VERSION).orElseThrow();
            assertThat(ParleyHttp.json(before).get("decision").asText()).isEqualTo("deliver");

            // the same code path as the console's Settings save: the editor's port of the running app
            var policy = (com.fasterxml.jackson.databind.node.ObjectNode) ParleyHttp.JSON.readTree(
                    parley.app.safetyPolicyDocument.text());
            var payment = (com.fasterxml.jackson.databind.node.ObjectNode)
                    policy.get("lexicons").get("financial_scam").get(0);
            ((com.fasterxml.jackson.databind.node.ArrayNode) payment.get("phrases")).add("pineapple express");
            String newVersion = parley.app.safetyPolicyDocument.save(policy.toPrettyString());
            assertThat(newVersion).isNotEqualTo(oldVersion);

            var after = http.apiPost("/api/validate", body);
            assertThat(after.headers().firstValue(SafetyRoutes.POLICY_VERSION)).contains(newVersion);
            var json = ParleyHttp.json(after);
            assertThat(json.get("risk_categories").toString()).contains("financial_scam");
            assertThat(json.get("decision").asText()).isNotEqualTo("deliver");
            // the trace id hashes the policy version: the same request now has another id
            assertThat(json.get("trace_id")).isNotEqualTo(ParleyHttp.json(before).get("trace_id"));

            // and the pipeline decides with it too: a webhook message is recorded under the new version
            var posted = http.postGeneric("pine-1", ParleyHttp.message("pine-1", "sms", CONTACT,
                    "Bring the pineapple express to the meeting"), clock);
            assertThat(posted.statusCode()).isEqualTo(202);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> parley.inboxCounts().getOrDefault(InboxStatus.PROCESSED, 0L) == 1L);
            var versions = parley.app.transactions.inTransaction(store -> store.conversations()
                    .findByKey("sms", CONTACT).map(c -> store.safetyDecisions().ofConversation(c.id()).stream()
                            .map(SafetyDecisionRow::policyVersion).toList())
                    .orElseThrow());
            assertThat(versions).containsExactly(newVersion);
        }
    }

    @Test
    void factsComeFromTheStoresDecisionRecordsHistoryEscalationAndTheInboxsDailyCount(@TempDir Path home)
            throws Exception {
        // a personal inbox (the guardian playbook), whose owner the daily limit protects
        var clock = new ManualClock(AT);
        try (var parley = TestParley.start(home, clock, Map.of(dev.parley.bootstrap.ConfigKey.PLAYBOOK_INBOUND, "guardian"), null)) {
            var http = parley.http();
            String other = "+14155550111";
            assertThat(http.postGeneric("h-1", ParleyHttp.message("h-1", "sms", CONTACT, "hello"), clock).statusCode())
                    .isEqualTo(202);
            assertThat(http.postGeneric("h-2", ParleyHttp.message("h-2", "sms", other, "hello"), clock).statusCode())
                    .isEqualTo(202);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> parley.inboxCounts().getOrDefault(InboxStatus.PROCESSED, 0L) == 2L);

            // a known contact: one weak urgency word stays low and is delivered
            var known = ParleyHttp.json(http.apiPost("/api/validate",
                    request("inbound", "urgent", CONTACT, US, "2026-11-27T20:05:00Z")));
            assertThat(known.get("decision").asText()).isEqualTo("deliver");

            // escalation: the conversation's last inbound decisions were low, then medium; a medium one now rises
            String pressure = request("inbound", "Reply now, this is urgent", CONTACT, US, "2026-11-27T20:05:00Z");
            assertThat(ParleyHttp.json(http.apiPost("/api/validate", pressure)).get("decision").asText())
                    .isEqualTo("delay");
            record(parley, CONTACT, "low", 1);
            record(parley, CONTACT, "medium", 1);
            var risen = ParleyHttp.json(http.apiPost("/api/validate", pressure));
            assertThat(risen.get("decision").asText()).isEqualTo("silence");
            assertThat(risen.get("enforcement_reason").asText()).isEqualTo("emotional_escalation");

            // the inbox's 50th inbound decision of the day holds the next message, even from a new sender
            String stranger = request("inbound", "hello there", "+14155550177", US, "2026-11-27T20:05:00Z");
            assertThat(ParleyHttp.json(http.apiPost("/api/validate", stranger)).get("decision").asText())
                    .isEqualTo("deliver");
            record(parley, other, "none", 46); // 2 stored + 2 + 46 = 50
            var limited = ParleyHttp.json(http.apiPost("/api/validate", stranger));
            assertThat(limited.get("decision").asText()).isEqualTo("delay");
            assertThat(limited.get("enforcement_reason").asText()).isEqualTo("notification_limit");
        }
    }

    /** Records {@code n} inbound decisions of {@code level} on the conversation with {@code address}, at AT. */
    private static void record(TestParley parley, String address, String level, int n) {
        parley.app.transactions.run(store -> {
            var c = store.conversations().findByKey("sms", address).orElseThrow();
            for (int i = 0; i < n; i++) {
                store.safetyDecisions().record(new SafetyDecisionRow(0, "t" + i,
                        c.id(), c.contactId(), null, null, "inbound", "deliver", level, "[]", "{}", "none", "test",
                        "0".repeat(64), false, null, AT));
            }
        });
    }

    private static List<String> iterate(com.fasterxml.jackson.databind.JsonNode node) {
        var names = new java.util.ArrayList<String>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void theAppsRouteReadsTheLearnedHeadsBesideTheLexicons(@TempDir Path home) throws Exception {
        // ParleyApp's own /api/validate (the live policy, alerts.model on by default): a cry for help no lexicon
        // phrase matches is escalated on the self-harm head's score; a benign idiom is not (ADR 0019).
        try (var parley = TestParley.start(home, new ManualClock(AT), Map.of(), null)) {
            var http = parley.http();
            var cry = ParleyHttp.json(http.apiPost("/api/validate", request("inbound",
                    "I don't see any reason to stay anymore, nobody would even notice if I was gone", CONTACT, US,
                    "2026-11-27T20:01:00Z")));
            assertThat(cry.get("decision").asText()).isEqualTo("escalate");
            assertThat(cry.get("risk_categories").toString()).isEqualTo("[\"self_harm_triggers\"]");
            assertThat(iterate(cry)).hasSize(8);
            var idiom = ParleyHttp.json(http.apiPost("/api/validate", request("inbound", "this traffic is killing me",
                    CONTACT, US, "2026-11-27T20:02:00Z")));
            assertThat(idiom.get("decision").asText()).isEqualTo("deliver");
        }
    }

    @Test
    void aTeamInboxAReplyAndAnOperatorsMessageAreExemptAsInThePipeline(@TempDir Path home) throws Exception {
        var clock = new ManualClock(AT);
        // playbook.inbound is a team playbook (the test default): nobody is woken by its messages
        try (var parley = TestParley.start(home, clock, Map.of(), null)) {
            var http = parley.http();
            for (int i = 0; i < 5; i++) {
                assertThat(http.postGeneric("team-" + i, ParleyHttp.message("team-" + i, "sms", CONTACT, "hello " + i),
                        clock).statusCode()).isEqualTo(202);
            }
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> parley.inboxCounts().getOrDefault(InboxStatus.PROCESSED, 0L) == 5L);
            var sixth = ParleyHttp.json(http.apiPost("/api/validate",
                    request("inbound", "hello 6", CONTACT, US, "2026-11-27T20:10:00Z")));
            assertThat(sixth.get("decision").asText()).as("a team inbox has no frequency limit").isEqualTo("deliver");
            // 23:30 in the inbox's zone (guardian.time_zone, UTC): a team inbox has no quiet hours either
            var night = ParleyHttp.json(http.apiPost("/api/validate",
                    request("inbound", "hello 7", "+12125550177", US, "2026-11-27T23:30:00Z")));
            assertThat(night.get("decision").asText()).isEqualTo("deliver");

            // outbound to the contact at 22:30 in San Francisco (06:30 UTC): a proactive message is delayed…
            String late = request("outbound", "Lunch on Friday?", US, CONTACT, "2026-11-28T06:30:00Z");
            var proactive = ParleyHttp.json(http.apiPost("/api/validate", late));
            assertThat(proactive.get("decision").asText()).isEqualTo("delay");
            assertThat(proactive.get("original_blocked").asBoolean()).isFalse();
            assertThat(proactive.get("enforcement_reason").asText()).isEqualTo("quiet_hours");
            // …an operator's own message is not (?operator=true), as the outbox lets an operator's reply pass
            var byOperator = ParleyHttp.json(http.apiPost("/api/validate?operator=true", late));
            assertThat(byOperator.get("decision").asText()).isEqualTo("allow");
            assertThat(byOperator.get("trace_id")).isEqualTo(proactive.get("trace_id"));
            // …nor an answer to what the contact wrote in the hour before
            clock.set(Instant.parse("2026-11-28T06:10:00Z"));
            assertThat(http.postGeneric("team-late", ParleyHttp.message("team-late", "sms", CONTACT, "still there?"),
                    clock).statusCode()).isEqualTo(202);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> parley.inboxCounts().getOrDefault(InboxStatus.PROCESSED, 0L) == 6L);
            assertThat(ParleyHttp.json(http.apiPost("/api/validate", late)).get("decision").asText())
                    .isEqualTo("allow");

            var bad = http.apiPost("/api/validate?operator=yes", late);
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(ParleyHttp.json(bad).get("field").asText()).isEqualTo("operator");
            assertThat(ParleyHttp.json(bad).get("error").asText()).isEqualTo("invalid_request");
        }
    }
}
