package dev.parley.application.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.operator.FindConversations;
import dev.parley.application.store.ConversationQuery;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The local sender and the outbox rules: who may be messaged, and when a row is HELD instead. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutboxPolicyTest {
    TestParley parley;
    ParleyHttp http;
    final AtomicInteger ids = new AtomicInteger();

    @BeforeAll
    void start(@TempDir Path home) {
        parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null, List.of(new ScriptedPlaybook(false)));
        http = parley.http();
    }

    @AfterAll
    void stop() {
        parley.close();
    }

    long startConversation(String to) {
        var response = http.apiPost("/api/conversations", "{\"playbook\":\"scripted\",\"channel\":\"sms\",\"to\":\""
                + to + "\",\"text\":\"Hello, this is Parley\",\"actor\":\"ops@example.test\"}");
        assertThat(response.statusCode()).isEqualTo(201);
        return ParleyHttp.json(response).get("id").asLong();
    }

    void inbound(String from, String text) {
        long before = parley.inboxCounts().get(InboxStatus.PROCESSED);
        var id = "policy-" + ids.incrementAndGet();
        var body = ParleyHttp.message(id, "sms", from, text, ScriptedPlaybook.NAME);
        assertThat(http.postGeneric("wh-" + id, body, Clock.systemUTC()).statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.inboxCounts().get(InboxStatus.PROCESSED) > before);
    }

    long reply(long conversation, String text) {
        var response = http.apiPost("/api/conversations/" + conversation + "/reply",
                "{\"text\":\"" + text + "\",\"actor\":\"ops@example.test\"}");
        assertThat(response.statusCode()).isEqualTo(202);
        return ParleyHttp.json(response).get("outbox_id").asLong();
    }

    FindConversations.Detail detail(long id) {
        return parley.app.find.detail(id);
    }

    OutboxEntry outbox(long conversation, String purpose, String text) {
        await().atMost(Duration.ofSeconds(10)).until(() -> detail(conversation).outbox().stream()
                .anyMatch(o -> o.purpose().equals(purpose) && o.text().equals(text)
                        && o.status() != OutboxStatus.PENDING));
        return detail(conversation).outbox().stream()
                .filter(o -> o.purpose().equals(purpose) && o.text().equals(text)).findFirst().orElseThrow();
    }

    @Test
    void localSenderMarksSentAndRecordsTheOutgoingMessage() {
        long id = startConversation("+15553330001");

        var first = outbox(id, "first_message", "Hello, this is Parley");

        assertThat(first.status()).isEqualTo(OutboxStatus.SENT);
        assertThat(first.sentAt()).isNotNull();
        assertThat(detail(id).messages()).filteredOn(m -> m.direction() == Direction.OUT).singleElement()
                .satisfies(m -> {
                    assertThat(m.status()).isEqualTo("SENT");
                    assertThat(m.providerId()).isEqualTo("local-" + first.id());
                });
    }

    @Test
    void blockedContactHoldsAutomatedMessagesButAnOperatorReplyPasses() {
        var address = "+15553330002";
        long id = startConversation(address);
        inbound(address, "alert");
        assertThat(detail(id).contact().status()).isEqualTo(ContactStatus.BLOCKED);
        assertThat(detail(id).conversation().automationPaused()).isTrue();
        assertThat(detail(id).conversation().state()).isEqualTo("HumanReview");

        inbound(address, "echo are you there");
        var held = outbox(id, "echo", "you said: are you there");
        assertThat(held.status()).isEqualTo(OutboxStatus.HELD);
        assertThat(held.reason()).isEqualTo("contact BLOCKED");

        long operatorReply = reply(id, "A person will get back to you");
        await().atMost(Duration.ofSeconds(10)).until(() -> detail(id).outbox().stream()
                .anyMatch(o -> o.id() == operatorReply && o.status() == OutboxStatus.SENT));

        var unblock = http.apiPost("/api/conversations/" + id + "/unblock",
                "{\"resume_state\":\"Open\",\"note\":\"false alarm\",\"actor\":\"ops@example.test\"}");
        assertThat(unblock.statusCode()).isEqualTo(200);
        inbound(address, "echo again");
        assertThat(outbox(id, "echo", "you said: again").status()).isEqualTo(OutboxStatus.SENT);
        assertThat(outbox(id, "echo", "you said: are you there").status()).as("held rows stay held")
                .isEqualTo(OutboxStatus.HELD);
    }

    @Test
    void pausedAutomationHoldsAutomatedMessagesWithItsReason() {
        var address = "+15553330003";
        inbound(address, "hello");
        long id = parley.app.find.page(new ConversationQuery("sms", address, null, null, 1, null, null))
                .getFirst().id();
        inbound(address, "pause");
        inbound(address, "echo paused?");

        var held = outbox(id, "echo", "you said: paused?");
        assertThat(held.status()).isEqualTo(OutboxStatus.HELD);
        assertThat(held.reason()).isEqualTo("automation paused");
        assertThat(detail(id).contact().status()).isEqualTo(ContactStatus.ACTIVE);

        long operatorReply = reply(id, "Operator here");
        await().atMost(Duration.ofSeconds(10)).until(() -> detail(id).outbox().stream()
                .anyMatch(o -> o.id() == operatorReply && o.status() == OutboxStatus.SENT));
    }
}
