package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.testing.ChildParley;
import dev.parley.testing.OutboundReceiver;
import dev.parley.testing.ScriptedModelServer;
import dev.parley.testing.StoreAudit;
import dev.parley.testing.TestParley;
import dev.parley.testing.WebhookBlaster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 while the assistant's model calls are in flight (docs/decisions/0021-pipeline-stages.md): a call in Prepare
 * holds no transaction, so a crash there leaves the message RECEIVED, as if it had not started. After the restart
 * every acknowledged message is processed exactly once, with exactly one reply, and no reply reaches the provider
 * twice.
 */
class KillNineDuringModelCallsTest {
    @TempDir Path home;

    @Test
    void everyAcknowledgedMessageIsAnsweredOnceAfterAKillDuringModelCalls() throws Exception {
        try (var model = new ScriptedModelServer().delay(Duration.ofMillis(800));
             var receiver = new OutboundReceiver()) {
            model.always("route", "{\"profile\": \"general\"}").always("recall_params", "{\"keywords\": []}")
                    .always("plan", "{\"steps\": [{\"action\": \"FINAL_RESPONSE\"}]}")
                    .always("answer", "Here is what I found for you.");
            var child = new ChildParley(home, List.of("api.token=" + TestParley.TOKEN,
                    "webhooks.generic.secret=" + TestParley.SECRET, "db.pool_size=8", "alerts.model=off",
                    "playbook.inbound=assistant", "model.provider=openai", "model.base_url=" + model.baseUrl(),
                    "model.name=llama3.1:8b", "model.max_concurrency=4", "model.read_timeout=30",
                    "model.max_retries=0", "model.circuit.failures=1000", "sender=webhook",
                    "sender.webhook.url=" + receiver.url(), "sender.webhook.secret=" + TestParley.SECRET));
            var blaster = new WebhookBlaster(TestParley.SECRET, 4, 6);
            child.startAndAwaitHealthy(ChildParley.STARTUP);
            var stop = new AtomicBoolean();
            var clients = blaster.start(child.baseUrl(), stop);
            // The kill lands while the model answers calls of several conversations.
            await().atMost(Duration.ofSeconds(90)).until(() -> model.inFlight() >= 2
                    && blaster.acknowledged.size() >= 6);
            child.kill();
            stop.set(true);
            for (var t : clients) t.join();
            int callsBeforeTheKill = model.tasks().size();

            model.delay(Duration.ZERO);
            child.startAndAwaitHealthy(ChildParley.STARTUP);
            blaster.deliverUnanswered(child.baseUrl());
            KillNineRecoveryTest.awaitDrained(child);
            child.stop();

            var store = StoreAudit.Jdbc.h2(home);
            var rows = StoreAudit.byProviderId(store);
            assertThat(callsBeforeTheKill).as("model calls were in flight at the kill").isPositive();
            assertThat(blaster.unansweredCount()).as("messages never acknowledged").isZero();
            assertThat(rows.keySet()).as("inbox holds exactly what was sent").isEqualTo(blaster.sent);
            for (var id : blaster.sent) {
                assertThat(rows.get(id)).as("rows of %s", id).isEqualTo(new StoreAudit.Rows(1, 1, 1));
            }
            var replies = repliesByCause(store);
            assertThat(replies).as("one assistant reply per message").hasSize(blaster.sent.size())
                    .allSatisfy((cause, statuses) -> assertThat(statuses).as(cause).containsExactly("SENT"));
            var outboxIds = receiver.rowsByReplyTo.values().stream().flatMap(Set::stream).toList();
            assertThat(new HashSet<>(outboxIds)).as("every reply reached the provider, each once")
                    .hasSize(blaster.sent.size());
        }
    }

    /** The assistant's replies by their cause ({@code message:<id>}): each one's statuses. */
    private static Map<String, List<String>> repliesByCause(StoreAudit.Jdbc store) throws Exception {
        var result = new HashMap<String, List<String>>();
        try (var c = store.connect(); var rs = c.createStatement().executeQuery(
                "select cause, status from outbox where purpose = 'assistant_reply' order by id")) {
            while (rs.next()) {
                result.computeIfAbsent(rs.getString(1), k -> new java.util.ArrayList<>()).add(rs.getString(2));
            }
        }
        return result;
    }
}
