package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.AircallEvents;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /webhooks/aircall} over real HTTP: Aircall's body token compared with {@code webhooks.aircall.token},
 * {@code message.received} stored as an inbox row on channel aircall, other events acknowledged and ignored, and a
 * number naming its playbook (buyer-sms on Aircall number 84848484 while the default playbook is another).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AircallWebhookHttpTest {
    static final String TOKEN = "45XXYYZZa08cd0e1f2a3b4c5";
    TestParley parley;
    ParleyHttp http;

    @BeforeAll
    void start(@TempDir Path home) {
        parley = TestParley.start(home, Clock.systemUTC(), Map.of(ConfigKey.WEBHOOKS_AIRCALL_TOKEN, TOKEN,
                ConfigKey.PLAYBOOK_NUMBERS, "84848484=buyer-sms"), null);
        parley.app.catalog.load(dev.parley.adapter.playbooks.DemoCatalog.items());
        // Processing is driven by the tests (drain), so no assertion waits on the background loops' timing.
        parley.app.worker.close();
        parley.app.outboxLoop.close();
        http = parley.http();
    }

    @AfterAll
    void stop() {
        parley.close();
    }

    static String event(String token, String id, String from, String text, long numberId) {
        return AircallEvents.messageReceived(token, id, from, text, numberId);
    }

    HttpResponse<String> post(String body) {
        return http.send(http.request("/webhooks/aircall").header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    @Test
    void aMessageIsStoredOnceAndRunsThePlaybookOfItsNumber() {
        var response = post(event(TOKEN, "ac-msg-1", "+1 313-555-0301", "Looking for warehouse space in Houston",
                84848484));
        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(ParleyHttp.json(response).get("duplicate").asBoolean()).isFalse();
        var duplicate = post(event(TOKEN, "ac-msg-1", "+1 313-555-0301", "Looking for warehouse space in Houston",
                84848484));
        assertThat(duplicate.statusCode()).isEqualTo(200);
        assertThat(ParleyHttp.json(duplicate).get("duplicate").asBoolean()).isTrue();
        parley.app.worker.drain();
        var conversation = parley.app.transactions.inTransaction(s -> s.conversations()
                .findByKey("aircall", "+13135550301")).orElseThrow();
        assertThat(conversation.playbook()).isEqualTo("buyer-sms");
        assertThat(parley.app.find.detail(conversation.id()).conversation().state()).isEqualTo("QUALIFYING");
    }

    @Test
    void anotherNumberRunsTheDefaultPlaybook() {
        assertThat(post(event(TOKEN, "ac-msg-2", "+13135550302", "hello", 1)).statusCode()).isEqualTo(202);
        parley.app.worker.drain();
        assertThat(parley.app.transactions.inTransaction(s -> s.conversations().findByKey("aircall", "+13135550302"))
                .orElseThrow().playbook()).isEqualTo("noop");
    }

    @Test
    void aWrongOrMissingTokenIsRefusedWithoutDetailAndStoresNothing() {
        long before = parley.inboxCounts().values().stream().mapToLong(Long::longValue).sum();
        var wrong = post(event("wrong-token", "ac-msg-3", "+13135550303", "hi", 84848484));
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.body()).isEqualTo("{\"error\":\"unauthorized\"}");
        assertThat(post("{\"event\":\"message.received\",\"data\":{}}").statusCode()).isEqualTo(401);
        assertThat(post("not json").statusCode()).isEqualTo(401);
        assertThat(parley.inboxCounts().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(before);
    }

    @Test
    void otherEventsAreAcknowledgedAndIgnored() {
        var response = post("{\"resource\":\"call\",\"event\":\"call.created\",\"token\":\"" + TOKEN
                + "\",\"data\":{\"id\":812}}");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(ParleyHttp.json(response).get("ignored").asBoolean()).isTrue();
    }

    @Test
    void aMalformedMessageWithTheRightTokenNamesTheField() {
        var response = post("{\"event\":\"message.received\",\"token\":\"" + TOKEN + "\",\"data\":{\"body\":\"hi\","
                + "\"external_number\":\"+13135550304\"}}");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(ParleyHttp.json(response).get("field").asText()).isEqualTo("data.id");
        var badNumber = post(event(TOKEN, "ac-msg-5", "call me", "hi", 84848484));
        assertThat(badNumber.statusCode()).isEqualTo(400);
        assertThat(ParleyHttp.json(badNumber).get("field").asText()).isEqualTo("data.external_number");
    }

    @Test
    void theInboxRowKeepsAircallsIdAndTheBuyersNumber() {
        assertThat(post(event(TOKEN, "ac-msg-6", "(313) 555-0306", "hi", 84848484)).statusCode()).isEqualTo(202);
        parley.app.worker.drain();
        var row = parley.app.transactions.inTransaction(s -> s.inbox().byStatus(InboxStatus.PROCESSED, 1000)).stream()
                .filter(e -> e.message().providerId().equals("ac-msg-6")).findFirst().orElseThrow();
        assertThat(row.message().channel()).isEqualTo("aircall");
        assertThat(row.message().from()).isEqualTo("+13135550306");
        // our number as Aircall's id (data.number.id), so the reply leaves from the number the buyer texted
        assertThat(row.message().to()).isEqualTo("84848484");
        assertThat(row.message().sentAt()).isEqualTo(java.time.Instant.ofEpochSecond(1740405599));
    }
}
