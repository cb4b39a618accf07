package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.ManualClock;
import dev.parley.domain.conversation.AuditEntry;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.Message;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST /api/messages/{id}/release} and {@code /reveal} over Parley's own listener (port 0), on messages the
 * real pipeline held and summarised in a real H2 store; each action audited as the console's are.
 */
class HeldMessageApiTest {
    static final String SCAMMER = "+14155550100";
    static final String RUDE = "+14155550101";
    static final Instant AT = Instant.parse("2026-11-27T20:00:00Z");

    @Test
    void releasesASilencedMessageRevealsASummarisedOneAndRefusesWrongIdsAndStates(@TempDir Path home)
            throws Exception {
        var clock = new ManualClock(AT);
        try (var parley = TestParley.start(home, clock, Map.of(), null)) {
            var http = parley.http();
            String scam = "Please send money tonight, I will explain later.";
            String rude = "You stupid idiot, what is the date?";
            assertThat(http.postGeneric("s-1", ParleyHttp.message("s-1", "sms", SCAMMER, scam), clock).statusCode())
                    .isEqualTo(202);
            assertThat(http.postGeneric("r-1", ParleyHttp.message("r-1", "sms", RUDE, rude), clock).statusCode())
                    .isEqualTo(202);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> parley.inboxCounts().getOrDefault(InboxStatus.PROCESSED, 0L) == 2L);
            Message silenced = inbound(parley, SCAMMER);
            Message summarised = inbound(parley, RUDE);
            assertThat(silenced.status()).isEqualTo("SILENCED");
            assertThat(summarised.text()).isNotEqualTo(rude);

            // release: the held message goes back to automation, audited; a second release is 409
            var released = http.apiPost("/api/messages/" + silenced.id() + "/release", "{\"actor\": \"Dana\"}");
            assertThat(released.statusCode()).isEqualTo(200);
            assertThat(ParleyHttp.json(released).get("status").asText()).isEqualTo("RECEIVED");
            assertThat(inbound(parley, SCAMMER).status()).isEqualTo("RECEIVED");
            assertThat(audit(parley, silenced.id())).extracting(AuditEntry::action, AuditEntry::actor)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("release_message", "Dana"));
            var again = http.apiPost("/api/messages/" + silenced.id() + "/release", "{\"actor\": \"Dana\"}");
            assertThat(again.statusCode()).isEqualTo(409);
            assertThat(ParleyHttp.json(again).get("error").asText()).isEqualTo("not_held");
            assertThat(ParleyHttp.json(again).get("detail").asText()).contains("message " + silenced.id());

            // reveal: the original of the summarised one, audited; a message that was not summarised is 409
            var revealed = http.apiPost("/api/messages/" + summarised.id() + "/reveal", "{\"actor\": \"Eve\"}");
            assertThat(revealed.statusCode()).isEqualTo(200);
            assertThat(ParleyHttp.json(revealed).get("original").asText()).isEqualTo(rude);
            assertThat(audit(parley, summarised.id())).extracting(AuditEntry::action, AuditEntry::actor)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("reveal_original", "Eve"));
            var plain = http.apiPost("/api/messages/" + silenced.id() + "/reveal", "{\"actor\": \"Eve\"}");
            assertThat(plain.statusCode()).isEqualTo(409);
            assertThat(ParleyHttp.json(plain).get("error").asText()).isEqualTo("not_summarized");
            assertThat(ParleyHttp.json(plain).get("detail").asText()).isNotBlank();
            // a summarised message is not held: releasing it is 409, and changes nothing
            assertThat(http.apiPost("/api/messages/" + summarised.id() + "/release", "{\"actor\": \"Eve\"}")
                    .statusCode()).isEqualTo(409);
            assertThat(audit(parley, summarised.id())).hasSize(1);

            // wrong ids, a missing actor, no token
            for (String path : new String[] {"/api/messages/999999/release", "/api/messages/999999/reveal",
                    "/api/messages/abc/release"}) {
                var missing = http.apiPost(path, "{\"actor\": \"Dana\"}");
                assertThat(missing.statusCode()).as(path).isEqualTo(404);
                assertThat(ParleyHttp.json(missing).get("error").asText()).isEqualTo("not_found");
                assertThat(ParleyHttp.json(missing).get("detail").asText()).isNotBlank();
            }
            var noActor = http.apiPost("/api/messages/" + summarised.id() + "/reveal", "{}");
            assertThat(noActor.statusCode()).isEqualTo(400);
            assertThat(ParleyHttp.json(noActor).get("field").asText()).isEqualTo("actor");
            var anonymous = http.send(http.request("/api/messages/" + summarised.id() + "/reveal")
                    .header("content-type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"actor\": \"Eve\"}")).build());
            assertThat(anonymous.statusCode()).isEqualTo(401);
            assertThat(audit(parley, summarised.id())).hasSize(1);
        }
    }

    private static Message inbound(TestParley parley, String address) {
        return parley.app.transactions.inTransaction(store -> {
            var c = store.conversations().findByKey("sms", address).orElseThrow();
            return store.messages().ofConversation(c.id()).stream()
                    .filter(m -> m.direction() == dev.parley.domain.message.Direction.IN).findFirst().orElseThrow();
        });
    }

    private static java.util.List<AuditEntry> audit(TestParley parley, long messageId) {
        return parley.app.transactions.inTransaction(store -> store.audit().forTarget("message", messageId));
    }
}
