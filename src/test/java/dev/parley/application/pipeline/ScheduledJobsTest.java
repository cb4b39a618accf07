package dev.parley.application.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.ManualClock;
import dev.parley.application.store.ConversationQuery;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import dev.parley.testing.TestStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A state timer is a persisted job: it fires at its due time on the app's clock, also after a restart
 * (H2 and PostgreSQL). */
class ScheduledJobsTest {
    static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");
    @TempDir Path home;

    static Conversation conversation(TestParley parley) {
        return parley.app.find.page(new ConversationQuery("chat", "user-timer", null, null, 1, null, null)).getFirst();
    }

    @ParameterizedTest
    @EnumSource(TestStore.class)
    void timerFiresAtItsDueTimeAndSurvivesARestart(TestStore testStore) {
        var store = testStore.settings(); // the same store before and after the restart
        var clock = new ManualClock(T0);
        long conversationId;
        try (var first = TestParley.start(home, clock, store, null, List.of(new ScriptedPlaybook(false)))) {
            var response = first.http().postGeneric("wh-timer",
                    ParleyHttp.message("timer-1", "chat", "user-timer", "wait", ScriptedPlaybook.NAME), clock);
            assertThat(response.statusCode()).isEqualTo(202);
            await().atMost(Duration.ofSeconds(10)).until(() -> first.inboxCounts().get(InboxStatus.PROCESSED) == 1);
            conversationId = conversation(first).id();
            assertThat(conversation(first).state()).isEqualTo("Waiting");
            var jobs = first.app.database.transactions().inTransaction(s -> s.jobs().pendingOf(conversationId));
            assertThat(jobs).singleElement().satisfies(j -> {
                assertThat(j.trigger()).isEqualTo("nudge");
                assertThat(j.dueAt()).isEqualTo(T0.plus(ScriptedPlaybook.WAIT));
            });

            clock.advance(ScriptedPlaybook.WAIT.minusSeconds(1));
            assertThat(first.app.runDueJobs.runDue(100)).isZero();
            assertThat(conversation(first).state()).isEqualTo("Waiting");
        }

        var reopened = new ManualClock(T0.plus(ScriptedPlaybook.WAIT).minusSeconds(1));
        try (var second = TestParley.start(home, reopened, store, null, List.of(new ScriptedPlaybook(false)))) {
            assertThat(second.app.runDueJobs.runDue(100)).isZero();
            assertThat(conversation(second).state()).isEqualTo("Waiting");

            reopened.advance(Duration.ofSeconds(1));
            // The background scheduler may get there first; either way it fires exactly once.
            second.app.runDueJobs.runDue(100);

            await().atMost(Duration.ofSeconds(5)).until(() -> conversation(second).state().equals("Nudged"));
            var detail = second.app.find.detail(conversationId);
            assertThat(detail.events()).filteredOn(e -> "nudge".equals(e.trigger())).singleElement()
                    .satisfies(e -> {
                        assertThat(e.fromState()).isEqualTo("Waiting");
                        assertThat(e.toState()).isEqualTo("Nudged");
                        assertThat(e.at()).isEqualTo(T0.plus(ScriptedPlaybook.WAIT));
                    });
            await().atMost(Duration.ofSeconds(5)).until(() -> second.app.find.detail(conversationId).outbox().stream()
                    .anyMatch(o -> o.purpose().equals("nudge") && o.status() == OutboxStatus.SENT));
            List<ScheduledJob> stillPending = second.app.database.transactions()
                    .inTransaction(s -> s.jobs().pendingOf(conversationId));
            assertThat(stillPending).isEmpty();
            assertThat(second.app.runDueJobs.runDue(100)).isZero();
        }
    }
}
