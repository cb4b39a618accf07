package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.application.JsonMappers;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.buyer.Phase;
import dev.parley.testing.TestParley;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The buyer journey's HTTP edges: an external signing service delivers {@code guarantee_signed} through
 * {@code POST /api/conversations/{id}/events}, signed (api.events.secret) and idempotent (a retry changes nothing);
 * the owner's {@code tour_confirmed} with a bad time is a 400 naming the field; a web opt-in starts a conversation
 * with the contextual first message.
 */
class BuyerEventsHttpTest {
    private static final String SECRET = StandardWebhooks.generateSecret(new SecureRandom());
    @TempDir Path home;

    private static HttpResponse<String> post(String url, String body, Map<String, String> headers) throws Exception {
        var b = HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + TestParley.TOKEN)
                .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(b::header);
        return BuyerLineFixture.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, String> signed(BuyerLineFixture f, String id, String body) {
        long ts = f.clock.instant().getEpochSecond();
        var sig = StandardWebhooks.of(SECRET, f.clock).sign(id, ts, body.getBytes(StandardCharsets.UTF_8));
        return Map.of("webhook-id", id, "webhook-timestamp", Long.toString(ts), "webhook-signature", sig);
    }

    @Test
    void aSigningServiceDeliversTheSignatureSignedAndOnce() throws Exception {
        try (var f = new BuyerLineFixture(home, Map.of(ConfigKey.API_EVENTS_SECRET, SECRET))) {
            var link = f.toGuaranteeLink();
            var token = link.substring(link.lastIndexOf('/') + 1);
            var url = f.base() + "/api/conversations/" + f.conversation() + "/events";
            var body = "{\"name\":\"guarantee_signed\",\"data\":{\"token\":\"" + token + "\",\"name\":\"Sarah Chen\"},"
                    + "\"actor\":\"docusign\"}";
            // unsigned, or signed with another body: 401, nothing delivered
            assertThat(post(url, body, Map.of()).statusCode()).isEqualTo(401);
            assertThat(post(url, body, signed(f, "msg_1", body.replace("Sarah", "Eve"))).statusCode()).isEqualTo(401);
            assertThat(f.phase()).isEqualTo(Phase.GUARANTEE_PENDING.stateName());

            var first = post(url, body, signed(f, "msg_1", body));
            assertThat(first.statusCode()).isEqualTo(202);
            var json = JsonMappers.PLAIN.readTree(first.body());
            assertThat(json.get("state").asText()).isEqualTo("TOUR_SCHEDULING");
            assertThat(json.get("duplicate").asBoolean()).isFalse();
            f.settle();
            assertThat(f.last()).startsWith("Done! The property is at 4200 Katy Freeway");
            int sent = f.sent().size();
            // the service retries the same delivery: 200, duplicate, nothing sent again
            var retry = post(url, body, signed(f, "msg_1", body));
            assertThat(retry.statusCode()).isEqualTo(200);
            assertThat(JsonMappers.PLAIN.readTree(retry.body()).get("duplicate").asBoolean()).isTrue();
            f.settle();
            assertThat(f.sent()).hasSize(sent);

            // the owner's confirmation with a time that is not ISO-8601: 400 naming the field
            var tour = "{\"name\":\"tour_confirmed\",\"data\":{\"at\":\"Thursday 10am\"}}";
            var bad = post(url, tour, signed(f, "msg_2", tour));
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(bad.body()).contains("\"field\":\"data.at\"");
            var good = "{\"name\":\"tour_confirmed\",\"data\":{\"at\":\"2025-02-27T10:00:00-05:00\"}}";
            assertThat(post(url, good, signed(f, "msg_3", good)).statusCode()).isEqualTo(202);
            f.settle();
            assertThat(f.phase()).isEqualTo(Phase.ACTIVE.stateName());
            assertThat(f.last()).startsWith("Tour confirmed — Thursday February 27 at 10:00 AM");
        }
    }

    @Test
    void anIdempotencyKeyWithoutASecretAndASignatureNobodyCanCheck() throws Exception {
        try (var f = new BuyerLineFixture(home)) {
            f.toGuaranteeLink();
            var url = f.base() + "/api/conversations/" + f.conversation() + "/events";
            var body = "{\"name\":\"guarantee_signed\",\"data\":{}}";
            assertThat(post(url, body, Map.of("webhook-id", "x", "webhook-timestamp", "1", "webhook-signature",
                    "v1,abc")).statusCode()).isEqualTo(401);
            assertThat(post(url, body, Map.of("Idempotency-Key", "k1")).statusCode()).isEqualTo(202);
            assertThat(post(url, body, Map.of("Idempotency-Key", "k1")).statusCode()).isEqualTo(200);
            var other = "{\"name\":\"deal_completed\",\"data\":{\"lease_starts\":\"2025-04-01\"}}";
            assertThat(post(url, other, Map.of("Idempotency-Key", "k1")).statusCode()).isEqualTo(409);
            f.settle();
            assertThat(f.sent()).filteredOn(t -> t.startsWith("Done!")).hasSize(1);
        }
    }

    @Test
    void aWebOptInStartsTheConversationWithTheContextualFirstMessage() throws Exception {
        try (var f = new BuyerLineFixture(home)) {
            var url = f.base() + "/api/buyers/optin";
            var body = "{\"phone\":\"+13135550777\",\"name\":\"Sarah Chen\",\"email\":\"sarah@acmecorp.com\","
                    + "\"channel\":\"aircall\",\"need\":{\"location\":\"Detroit\",\"state\":\"MI\",\"sqft\":15000,"
                    + "\"use_type\":\"storage\",\"goods_type\":\"auto parts\"}}";
            var r = post(url, body, Map.of());
            assertThat(r.statusCode()).isEqualTo(201);
            assertThat(JsonMappers.PLAIN.readTree(r.body()).get("state").asText()).isEqualTo("QUALIFYING");
            f.settle();
            var texts = f.parley.app.transactions.inTransaction(s -> s.conversations().findByKey("aircall",
                    "+13135550777").map(c -> s.outbox().ofConversation(c.id())).orElseThrow());
            assertThat(texts).singleElement().satisfies(o -> assertThat(o.text()).isEqualTo("Hey Sarah — you were "
                    + "looking at 15K sqft in Detroit for auto parts storage on the web. I'll text you updates. Text back "
                    + "anytime. (Reply STOP anytime to opt out.)"));
            assertThat(post(url, body, Map.of()).statusCode()).isEqualTo(409);
            assertThat(post(url, "{\"phone\":\"313\"}", Map.of()).body()).contains("\"field\":\"phone\"");
            assertThat(post(url, "{\"phone\":\"+13135550778\",\"need\":{\"colour\":\"red\"}}", Map.of()).body())
                    .contains("\"field\":\"need.colour\"");
            // every field against its limit: 400 naming it, nothing started (the probe's large features answered 500)
            var many = new StringBuilder("[");
            for (int i = 0; i < 21; i++) many.append(i == 0 ? "" : ",").append("\"feature ").append(i).append('"');
            var refused = Map.of(
                    "need.features", "{\"phone\":\"+13135550779\",\"need\":{\"features\":[\"" + "f".repeat(5_000) + "\"]}}",
                    "need.features ", "{\"phone\":\"+13135550779\",\"need\":{\"features\":" + many + "]}}",
                    "need.location", "{\"phone\":\"+13135550779\",\"need\":{\"location\":\"" + "l".repeat(101) + "\"}}",
                    "need.goods_type", "{\"phone\":\"+13135550779\",\"need\":{\"goods_type\":\"a\\u0000b\"}}",
                    "name", "{\"phone\":\"+13135550779\",\"name\":\"" + "n".repeat(101) + "\"}",
                    "email", "{\"phone\":\"+13135550779\",\"email\":\"" + "e".repeat(250) + "@example.com\"}",
                    "actor", "{\"phone\":\"+13135550779\",\"actor\":\"" + "a".repeat(256) + "\"}");
            for (var c : refused.entrySet()) {
                var answer = post(url, c.getValue(), Map.of());
                assertThat(answer.statusCode()).as(c.getKey() + answer.body()).isEqualTo(400);
                assertThat(answer.body()).contains("\"field\":\"" + c.getKey().strip() + "\"");
            }
            var twenty = new StringBuilder("[");
            for (int i = 0; i < 20; i++) {
                twenty.append(i == 0 ? "" : ",").append('"').append(("feature " + i + " ").repeat(12), 0, 100).append('"');
            }
            var atLimits = post(url, "{\"phone\":\"+13135550779\",\"name\":\"" + "n".repeat(100) + "\",\"need\":{"
                    + "\"location\":\"" + "l".repeat(100) + "\",\"use_type\":\"" + "\\\"".repeat(100) + "\","
                    + "\"features\":" + twenty + "]}}", Map.of());
            assertThat(atLimits.statusCode()).as(atLimits.body()).isEqualTo(201);
        }
    }
}
