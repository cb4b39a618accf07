package dev.parley.application.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.embedding.MiniLmTextEmbedder;
import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.application.ManualClock;
import dev.parley.application.PipelineEvents;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.application.playbook.NoopPlaybook;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.safety.SafetyModel;
import dev.parley.application.safety.ScreenInbound;
import dev.parley.domain.embedding.Embedding;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ValidationFailureListener;
import dev.parley.domain.safety.ZoneLookup;
import dev.parley.testing.OpenTransactions;
import dev.parley.testing.RecordingEmbedder;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 8, latency: the learned heads' embedding of an inbound message runs before its processing transaction, with
 * no transaction open (so it holds neither a pooled connection nor H2's single writer, which receipts wait on), once
 * per message, and its vector is the one the decision reads and the one stored with the message.
 */
class EmbeddingAheadOfTransactionTest {
    static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    final InMemoryTransactions store = new InMemoryTransactions();
    final OpenTransactions transactions = new OpenTransactions(store);
    final RecordingEmbedder embedder = new RecordingEmbedder(new MiniLmTextEmbedder(), transactions);
    final ManualClock clock = new ManualClock(T0);

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void theTextIsEmbeddedOnceWithNoTransactionOpenAndThatVectorIsStored() {
        var process = processing();
        var text = "hello, is the flat on Elm Street still available?";
        long inboxId = receive("p1", text);

        assertThat(process.process(inboxId)).isEqualTo(ProcessInboundMessage.Outcome.PROCESSED);

        assertThat(embedder.calls).as("embedded once, and never inside a transaction").containsExactly(false);
        var stored = store.inTransaction(s -> {
            assertThat(s.inbox().find(inboxId).orElseThrow().status()).isEqualTo(InboxStatus.PROCESSED);
            long messageId = s.messages().ofConversation(s.conversations().findByKey("sms", "+15550199")
                    .orElseThrow().id()).getFirst().id();
            return s.embeddings().ofMessage(messageId, embedder.model()).orElseThrow();
        });
        assertThat(stored.vector()).containsExactly(embedder.embed(text).vector());
    }

    @Test
    void aScoringGivenTheVectorAheadScoresAsOneThatEmbedsAndKeepsTheVectorToStore() {
        var model = SafetyModel.of(heads());
        var text = "I can't keep going, everyone would be better off without me";
        var ahead = model.embedAhead(text);
        assertThat(embedder.calls).hasSize(1);

        var withAhead = model.forText(ahead);
        var signals = withAhead.signals(text);
        assertThat(embedder.calls).as("the scoring used the vector computed ahead").hasSize(1);
        assertThat(signals).isEqualTo(model.forText().signals(text));
        assertThat(withAhead.embedding()).contains(ahead.orElseThrow().embedding());

        var otherText = model.forText(ahead);
        otherText.signals("a different text");
        assertThat(embedder.calls).as("a vector of another text is not used").hasSize(3);
    }

    @Test
    void anEmbedderThatFailsAheadLeavesTheDecisionToTheValidatorAsBefore() {
        TextEmbedder failing = new TextEmbedder() {
            public String model() {
                return embedder.model();
            }

            public int dimensions() {
                return embedder.dimensions();
            }

            public Embedding embed(String text) {
                throw new IllegalStateException("model unavailable");
            }
        };
        var model = SafetyModel.of(LearnedAlerts.of(AlertModelFile.load(Optional.empty()), failing, Map.of()));
        assertThat(model.embedAhead("hello")).isEmpty();
        assertThat(model.embedAhead(" ")).as("a blank text is not embedded").isEmpty();
        assertThat(SafetyModel.OFF.embedAhead("hello")).isEmpty();
    }

    private LearnedAlerts heads() {
        return LearnedAlerts.of(AlertModelFile.load(Optional.empty()), embedder, Map.of());
    }

    private ProcessInboundMessage processing() {
        var screen = new ScreenInbound(() -> validator(), ZoneLookup.UNKNOWN, ZoneOffset.UTC, SafetyModel.of(heads()));
        return new ProcessInboundMessage(transactions, new Playbooks(List.of(new NoopPlaybook()), NoopPlaybook.NAME),
                clock, new PipelineMetrics(), new StageRunner(transactions, clock, PipelineEvents.NONE, WorkSignal.NONE,
                        new StageMetrics()), screen,
                dev.parley.application.model.ModelGateway.offline(clock).calls(), new java.util.Random(1));
    }

    private static SafetyValidator validator() {
        try (var in = EmbeddingAheadOfTransactionTest.class.getResourceAsStream("/safety/wiring-safety.json")) {
            var file = SafetyPolicyFile.parse("wiring-safety.json", in.readAllBytes());
            return new SafetyValidator(file.policy(), Clock.fixed(T0, ZoneOffset.UTC), ValidationFailureListener.IGNORE);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private long receive(String providerId, String text) {
        var m = new InboundMessage("sms", providerId, "+15550199", "+15550199", "+15550100", text, null, T0, null,
                null);
        return store.inTransaction(s -> s.inbox().insertIfAbsent(m, "{}", T0)).id();
    }
}
