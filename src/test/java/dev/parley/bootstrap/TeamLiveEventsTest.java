package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.PipelineEvent;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.PostgresCluster;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Parley instances on one PostgreSQL store, as two desks of a team: a critical alert raised by the pipeline of
 * one reaches the events (and so the console) of the other through LISTEN/NOTIFY. The latency is printed (and
 * recorded in docs/team.md); the assertion only bounds a hang.
 */
class TeamLiveEventsTest {
    @TempDir Path dir;

    @Test
    void anAlertRaisedThroughOneProcessReachesTheOther() throws Exception {
        var store = Map.of(ConfigKey.DB_URL, PostgresCluster.shared().newDatabase(), ConfigKey.DB_USER,
                PostgresCluster.SUPERUSER, ConfigKey.DB_PASSWORD, PostgresCluster.PASSWORD,
                ConfigKey.PLAYBOOK_INBOUND, "outreach");
        try (var a = TestParley.start(dir.resolve("a"), Clock.systemUTC(), store, null);
             var b = TestParley.start(dir.resolve("b"), Clock.systemUTC(), store, null)) {
            var raisedInA = new ConcurrentHashMap<Long, Long>();
            var seenInB = new ConcurrentHashMap<Long, Long>();
            a.app.events.subscribe(events -> events.forEach(e -> {
                if (e instanceof PipelineEvent.AlertRaised alert) raisedInA.put(alert.alertId(), System.nanoTime());
            }));
            b.app.events.subscribe(events -> events.forEach(e -> {
                if (e instanceof PipelineEvent.AlertRaised alert) seenInB.put(alert.alertId(), System.nanoTime());
            }));
            var response = a.http().postGeneric("wh-team-live", ParleyHttp.message("team-live-1", "sms",
                    "+15550404040", "I want to kill myself"), Clock.systemUTC());
            assertThat(response.statusCode()).isEqualTo(202);
            await().atMost(Duration.ofSeconds(30)).until(() -> !raisedInA.isEmpty());
            long alert = raisedInA.keySet().iterator().next();
            await().atMost(Duration.ofSeconds(10)).until(() -> seenInB.containsKey(alert));
            System.out.printf("team live events: alert %d raised in A, seen in B after %d ms%n", alert,
                    (seenInB.get(alert) - raisedInA.get(alert)) / 1_000_000);
            assertThat(seenInB).hasSize(1);
        }
    }
}
