package dev.parley.application.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.ManualClock;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.store.ConversationQuery;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A due job fires once when two runners in one process reach it together (the scheduler loop and an operator's
 * "send now", or a test's runDue): on H2 the second one waits for the first's commit and then finds it done.
 */
class ConcurrentJobRunnersTest {
    static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");
    @TempDir Path home;

    /** A playbook whose timer is slow, so two runners overlap inside it. */
    static final class SlowTimerPlaybook implements Playbook {
        final AtomicInteger fired = new AtomicInteger();

        @Override public String name() { return "slow-timer"; }
        @Override public String initialState() { return "Open"; }
        @Override public Set<String> states() { return Set.of("Open"); }

        @Override
        public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
            session.record("message_recorded", Map.of("message_id", messageId));
        }

        @Override
        public void onTimer(ConversationSession session, String trigger) {
            // In-process work of a decider waits for its commit (a unit's decider also runs in its dry run).
            session.afterCommit("count", fired::incrementAndGet);
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            session.record("timer_fired", Map.of("trigger", trigger));
        }
    }

    @Test
    void twoRunnersReachingOneDueJobTogetherFireItOnce() throws Exception {
        var clock = new ManualClock(T0);
        var playbook = new SlowTimerPlaybook();
        try (var parley = TestParley.start(home, clock, Map.of(), null, List.of(playbook));
             var runners = Executors.newFixedThreadPool(2)) {
            var response = parley.http().postGeneric("wh-slow", ParleyHttp.message("slow-1", "chat", "user-slow", "hi",
                    playbook.name()), clock);
            assertThat(response.statusCode()).isEqualTo(202);
            await().atMost(Duration.ofSeconds(10)).until(() -> parley.inboxCounts().get(InboxStatus.PROCESSED) == 1);
            long conversation = parley.app.find.page(new ConversationQuery("chat", "user-slow", null, null, 1, null, null))
                    .getFirst().id();
            // No state guard: the job runs whatever the conversation's state (as seed 002's release jobs do).
            // Due a minute from now, so the background scheduler does not see it before both runners are ready.
            parley.app.transactions.inTransaction(s -> s.jobs().schedule("test", conversation, "ping", null,
                    T0.plus(Duration.ofMinutes(1)), T0));
            clock.advance(Duration.ofMinutes(1));

            var start = new CountDownLatch(1);
            var first = runners.submit(() -> { start.await(); return parley.app.runDueJobs.runDue(10); });
            var second = runners.submit(() -> { start.await(); return parley.app.runDueJobs.runDue(10); });
            start.countDown();
            first.get();
            second.get();
            await().atMost(Duration.ofSeconds(5)).until(() -> parley.app.transactions.inTransaction(
                    s -> s.jobs().pendingOf(conversation)).isEmpty());

            assertThat(playbook.fired.get()).as("timer fired").isEqualTo(1);
            assertThat(parley.app.find.detail(conversation).events())
                    .filteredOn(e -> "timer_fired".equals(e.type())).hasSize(1);
        }
    }
}
