package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.ManualClock;
import dev.parley.application.store.ConversationQuery;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import dev.parley.testing.TestStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Receipts acknowledged but not yet processed when Parley stops are processed after it starts again, once
 * (H2 and PostgreSQL). */
class RestartRecoveryTest {
    static final Instant T0 = Instant.parse("2026-04-01T12:00:00Z");
    @TempDir Path home;

    @ParameterizedTest
    @EnumSource(TestStore.class)
    void receivedRowsAreProcessedAfterRestartAndNothingTwice(TestStore testStore) {
        var store = testStore.settings(); // the same store before and after the restart
        var clock = new ManualClock(T0);
        var pending = new ArrayList<Long>();
        try (var first = TestParley.start(home, clock, store, null, List.of(new ScriptedPlaybook(true)))) {
            var http = first.http();
            // Processed before the stop.
            for (int i = 1; i <= 2; i++) {
                var body = ParleyHttp.message("done-" + i, "chat", "user-done", "early " + i, ScriptedPlaybook.NAME);
                var response = http.postGeneric("wh-done-" + i, body, clock);
                assertThat(response.statusCode()).isEqualTo(202);
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> first.inboxCounts().get(InboxStatus.PROCESSED) == 2);
            // Acknowledged, not processed: the lane head fails once and waits for its backoff, the rest queue behind.
            for (int i = 1; i <= 4; i++) {
                var response = http.postGeneric("wh-late-" + i, ParleyHttp.message("late-" + i, "chat", "user-late",
                        i == 1 ? "boom" : "late " + i, ScriptedPlaybook.NAME), clock);
                assertThat(response.statusCode()).isEqualTo(202);
                pending.add(ParleyHttp.json(response).get("message_id").asLong());
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> first.app.database.transactions()
                    .inTransaction(s -> s.inbox().find(pending.getFirst())).orElseThrow().attempts() == 1);
            assertThat(first.inboxCounts().get(InboxStatus.RECEIVED)).isEqualTo(4);
        }

        var later = new ManualClock(T0.plusSeconds(5));
        try (var second = TestParley.start(home, later, store, null, List.of(new ScriptedPlaybook(false)))) {
            await().atMost(Duration.ofSeconds(10)).until(() -> second.inboxCounts().get(InboxStatus.PROCESSED) == 6);
            assertThat(second.inboxCounts().get(InboxStatus.RECEIVED)).isZero();
            assertThat(second.inboxCounts().get(InboxStatus.FAILED)).isZero();
            assertThat(second.app.metrics.processed.sum()).as("only the pending rows ran after the restart")
                    .isEqualTo(4);

            var late = detail(second, "user-late");
            assertThat(late.messages()).filteredOn(m -> m.direction() == Direction.IN)
                    .extracting(m -> m.providerId()).containsExactly("late-1", "late-2", "late-3", "late-4");
            var done = detail(second, "user-done");
            assertThat(done.messages()).filteredOn(m -> m.direction() == Direction.IN).hasSize(2);
            assertThat(done.events()).filteredOn(e -> e.type().equals("message_recorded")).hasSize(2);

            // The dedupe key survives the restart too.
            var again = second.http().postGeneric("wh-done-1-again",
                    ParleyHttp.message("done-1", "chat", "user-done", "early 1", ScriptedPlaybook.NAME), later);
            assertThat(again.statusCode()).isEqualTo(200);
            assertThat(ParleyHttp.json(again).get("duplicate").asBoolean()).isTrue();
        }
    }

    private static dev.parley.application.operator.FindConversations.Detail detail(TestParley parley, String key) {
        var conversation = parley.app.find.page(new ConversationQuery("chat", key, null, null, 1, null, null))
                .getFirst();
        return parley.app.find.detail(conversation.id());
    }
}
