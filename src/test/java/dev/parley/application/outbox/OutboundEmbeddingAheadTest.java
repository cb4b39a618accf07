package dev.parley.application.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.embedding.MiniLmTextEmbedder;
import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.application.ManualClock;
import dev.parley.application.PipelineEvents;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.application.playbook.NoopPlaybook;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.safety.SafetyModel;
import dev.parley.application.safety.ScreenOutbound;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ZoneLookup;
import dev.parley.testing.OpenTransactions;
import dev.parley.testing.RecordingEmbedder;
import dev.parley.testing.RecordingSender;
import dev.parley.testing.WiringSafety;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 8, latency: the learned heads' embedding of an outgoing row runs before its claim, with no transaction open
 * (the claim holds the contact's lock and, on H2, the store's single writer), and the screen decides on that vector.
 */
class OutboundEmbeddingAheadTest {
    static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    final InMemoryTransactions store = new InMemoryTransactions();
    final OpenTransactions transactions = new OpenTransactions(store);
    final RecordingEmbedder embedder = new RecordingEmbedder(new MiniLmTextEmbedder(), transactions);
    final RecordingSender sender = new RecordingSender();
    final List<Sender.OutgoingMessage> sent = sender.sent;

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void theRowsTextIsEmbeddedOnceOutsideEveryTransactionAndTheRowIsScreenedAndSent() {
        var text = "Thanks! The viewing is booked for Thursday at 10:00.";
        long rowId = enqueue(text);

        assertThat(deliverer().deliver(rowId)).isTrue();

        assertThat(embedder.calls).as("embedded once, and never inside a transaction").containsExactly(false);
        assertThat(sent).extracting(Sender.OutgoingMessage::text).containsExactly(text);
        store.run(s -> {
            assertThat(s.outbox().find(rowId).orElseThrow().status()).isEqualTo(OutboxStatus.SENT);
            var decision = s.safetyDecisions().ofConversation(s.outbox().find(rowId).orElseThrow().conversationId());
            assertThat(decision).as("the screen ran on the claim and recorded its decision").hasSize(1);
            assertThat(decision.getFirst().decision()).isEqualTo("ALLOW");
        });
    }

    @Test
    void aRowThatIsNotDueIsNeitherEmbeddedNorClaimed() {
        long rowId = enqueue("Still interested in the flat?");
        store.run(s -> s.outbox().markRetry(rowId, 0, "test: not yet", T0.plusSeconds(3600)));

        assertThat(deliverer().deliver(rowId)).isFalse();

        assertThat(embedder.calls).isEmpty();
        assertThat(sent).isEmpty();
    }

    private long enqueue(String text) {
        return store.inTransaction(s -> {
            var contact = s.contacts().findOrCreate("sms", "+15550199", null, T0);
            var conversation = s.conversations().create("sms", "+15550199", NoopPlaybook.NAME, "Open", contact.id(),
                    T0);
            return s.outbox().enqueue(conversation.id(), contact.id(), "reply:1", "reply", text, OutboxStatus.PENDING,
                    null, false, "system", T0).orElseThrow().id();
        });
    }

    private DeliverOutbox deliverer() {
        var heads = LearnedAlerts.of(AlertModelFile.load(Optional.empty()), embedder, Map.of());
        ZoneLookup utc = (address, channel) -> List.of(ZoneOffset.UTC); // 15:00 there: outside quiet hours
        var screen = new ScreenOutbound(OutboundEmbeddingAheadTest::validator, utc, ZoneOffset.UTC,
                SafetyModel.of(heads));
        return new DeliverOutbox(transactions, Senders.only(sender), new Playbooks(List.of(new NoopPlaybook()),
                NoopPlaybook.NAME), new ManualClock(T0), new Random(1), PipelineEvents.NONE, screen);
    }

    private static SafetyValidator validator() {
        return WiringSafety.validator(T0);
    }
}
