package dev.parley.application.safety;

import dev.parley.application.playbook.SlowCalls;
import dev.parley.application.stage.StoreBackend;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.NoopPlaybook;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboundHold;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.domain.safety.BehaviourFacts;
import dev.parley.domain.safety.ContactHistory;
import dev.parley.domain.safety.RiskLevel;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ValidationFailureListener;
import dev.parley.domain.safety.ZoneLookup;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The wire side of the validator's fail-safe (seed 002: when in doubt, protect the user), on the in-memory store. */
class SafetyEffectsTest {
    static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    final InMemoryTransactions tx = new InMemoryTransactions();
    final SafetyValidator validator = validator();
    final ZoneLookup failingZones = (address, channel) -> {
        throw new IllegalStateException("zone service down");
    };

    static SafetyValidator validator() {
        try (var in = SafetyEffectsTest.class.getResourceAsStream("/safety/wiring-safety.json")) {
            var file = SafetyPolicyFile.parse("wiring-safety.json", in.readAllBytes());
            return new SafetyValidator(file.policy(), Clock.fixed(T0, ZoneOffset.UTC), ValidationFailureListener.IGNORE);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @AfterEach
    void close() {
        tx.close();
    }

    Conversation conversation(String playbook) {
        return tx.inTransaction(s -> {
            var contact = s.contacts().findOrCreate("sms", "+15550199", null, T0);
            return s.conversations().create("sms", "+15550199", playbook, "Open", contact.id(), T0);
        });
    }

    @Test
    void anOutboundMessageTheValidatorFailsOnIsHeldForReviewNotSentNorDenied() {
        var conversation = conversation("noop");
        var screen = new ScreenOutbound(() -> validator, failingZones, ZoneOffset.UTC);
        var published = new ArrayList<PipelineEvent>();
        var outcome = tx.inTransaction(s -> {
            // Automated and proactive (nothing of the contact's to answer): the zones are asked, and fail.
            var row = s.outbox().enqueue(conversation.id(), conversation.contactId(), "nudge:1", "nudge",
                    "Still interested?", OutboxStatus.PENDING, null, false, "system", T0).orElseThrow();
            var contact = s.contacts().find(conversation.contactId()).orElseThrow();
            return screen.screen(new StoreBackend(s, SlowCalls.DIRECT), conversation, contact, row, null, T0,
                    published);
        });
        assertThat(outcome).isInstanceOfSatisfying(ScreenOutbound.Outcome.Stop.class, stop -> {
            assertThat(stop.status()).isEqualTo(OutboxStatus.HELD);
            assertThat(stop.reason()).matches("safety validator failed \\(trace [0-9a-f]{32}\\): held for review");
        });
        var decision = tx.inTransaction(s -> s.safetyDecisions().ofConversation(conversation.id())).getFirst();
        assertThat(decision.failSafe()).isTrue();
        assertThat(decision.enforcementReason()).isEqualTo("fail_safe");
        assertThat(published).hasAtLeastOneElementOfType(PipelineEvent.SafetyDecided.class);
    }

    @Test
    void anInboundMessageTheValidatorFailsOnIsDelayedAndReleasedByTheScheduledJob() {
        var conversation = conversation(NoopPlaybook.NAME);
        BehaviourFacts broken = new BehaviourFacts() {
            public int messagesLastHour(String s, String r, Instant at) { throw new IllegalStateException("down"); }
            public int notificationsLastDay(String r, Instant at) { return 0; }
            public ContactHistory contactHistory(String s, String r) { return ContactHistory.KNOWN; }
            public List<ZoneId> recipientZones(String r, String c) { return List.of(ZoneOffset.UTC); }
            public List<RiskLevel> recentRiskLevels(String c, int limit) { return List.of(); }
        };
        var m = new InboundMessage("sms", "p1", "+15550199", "+15550199", "+15550100", "Hello", null, T0, null, null);
        var result = validator.validate(new SafetyRequest(dev.parley.domain.message.Direction.IN, m.text(),
                m.from(), m.to(), m.channel(), T0, Optional.empty()), broken);
        assertThat(result.failSafe()).isTrue();
        var decided = new ScreenInbound.Decided(result);
        assertThat(decided.status()).isEqualTo(InboundHold.DELAYED.status());

        var screen = new ScreenInbound(() -> validator, ZoneLookup.UNKNOWN, ZoneId.of("UTC"));
        var playbook = new NoopPlaybook();
        tx.inTransaction(s -> {
            long id = s.messages().add(conversation.id(), Direction.IN, "p1", decided.storedText(m), null, T0, T0,
                    decided.status(), null);
            var session = new ConversationSession(new StoreBackend(s, SlowCalls.DIRECT), playbook, conversation, T0,
                    "system");
            screen.apply(session, playbook, decided, m, id, 0, playbook.screen(session, m, id));
            return id;
        });
        var jobs = tx.inTransaction(s -> s.jobs().due(T0.plusSeconds(3600), 10));
        assertThat(jobs).singleElement().satisfies(job -> {
            assertThat(job.kind()).isEqualTo(ScreenInbound.RELEASE_JOB);
            assertThat(job.dueAt()).isEqualTo(result.delayUntil().orElseThrow());
        });
        List<String> types = tx.inTransaction(s -> s.timeline().ofConversation(conversation.id()).stream()
                .map(e -> e.type()).toList());
        assertThat(types).containsExactly("decision", "message_held");
        assertThat(result.decision()).isEqualTo(SafetyDecision.DELAY);
    }
}
