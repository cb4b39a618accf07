package dev.parley.application.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operators act while the pipeline works on the same conversation, and on each other's heels: every action is done
 * (a lost race is run again, not shown as an error), and replies leave in the order they were accepted.
 */
class ConcurrentOperatorsTest {
    @TempDir Path home;

    @Test
    void twoOperatorsReplyingAtTheSameMomentBothGetTheirRepliesSentInOrder() throws Exception {
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null, List.of(new ScriptedPlaybook(false)));
             var pool = Executors.newFixedThreadPool(2)) {
            long id = parley.app.startConversation.start(new StartConversation.Command(ScriptedPlaybook.NAME, "sms",
                    "+15557770001", "Hello", "ops")).conversationId();
            for (int round = 0; round < 10; round++) {
                var barrier = new CyclicBarrier(2);
                var replies = new ArrayList<Future<Long>>();
                for (var operator : List.of("ana", "ben")) {
                    var text = operator + " round " + round;
                    replies.add(pool.submit(() -> {
                        barrier.await();
                        return parley.app.reply.reply(id, text, operator);
                    }));
                }
                for (var reply : replies) assertThat(reply.get()).isPositive();
            }

            await().atMost(Duration.ofSeconds(20)).until(() -> parley.app.find.detail(id).outbox().stream()
                    .allMatch(o -> o.status() == OutboxStatus.SENT));
            var detail = parley.app.find.detail(id);
            assertThat(detail.outbox()).hasSize(21);
            var sentInRowOrder = detail.outbox().stream().map(o -> o.text()).toList();
            var messagesInSendingOrder = detail.messages().stream().filter(m -> m.direction() == Direction.OUT)
                    .map(m -> m.text()).toList();
            assertThat(messagesInSendingOrder).as("replies leave in the order they were accepted")
                    .isEqualTo(sentInRowOrder);
        }
    }

    @Test
    void anOperatorActionRacingThePipelineOnTheSameConversationIsRunAgainNotRefused() throws Exception {
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null, List.of(new ScriptedPlaybook(false)))) {
            var address = "+15557770002";
            long id = parley.app.startConversation.start(new StartConversation.Command(ScriptedPlaybook.NAME, "sms",
                    address, "Hello", "ops")).conversationId();
            var http = parley.http();
            var posting = Thread.ofVirtual().start(() -> {
                for (int i = 0; i < 60; i++) {
                    http.postGeneric("wh-race-" + i, ParleyHttp.message("race-" + i, "sms", address,
                            i % 2 == 0 ? "echo " + i : "note " + i, ScriptedPlaybook.NAME), Clock.systemUTC());
                }
            });
            var statuses = new ArrayList<Integer>();
            for (int i = 0; i < 30; i++) {
                statuses.add(http.apiPost("/api/conversations/" + id + "/reply",
                        "{\"text\":\"operator " + i + "\",\"actor\":\"ops\"}").statusCode());
                statuses.add(http.apiPost("/api/conversations/" + id + "/events",
                        "{\"name\":\"checked\",\"actor\":\"ops\"}").statusCode());
            }
            posting.join();

            assertThat(statuses).as("every action done, none refused for a race").allMatch(s -> s == 202);
            await().atMost(Duration.ofSeconds(30)).until(() -> parley.inboxCounts().get(InboxStatus.PROCESSED) == 60);
            assertThat(parley.inboxCounts().get(InboxStatus.FAILED)).isZero();
        }
    }
}
