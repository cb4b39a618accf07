package dev.parley.adapter.scheduling;

import static dev.parley.testing.H2QueryStatistics.count;
import static dev.parley.testing.H2QueryStatistics.executions;
import static dev.parley.testing.H2QueryStatistics.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the dispatcher asks the store when the pipeline keeps up (issue 8 §5): the statements H2 ran, counted by H2
 * itself ({@code QUERY_STATISTICS}), while messages of ten conversations arrive one after another on a real Parley.
 */
class DispatchQueriesTest {
    @TempDir Path home;

    @Test
    void withFewerWaitingRowsThanTheWindowTheDispatcherDoesNotWalkTheLanes() throws Exception {
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null,
                List.of(new ScriptedPlaybook(true)))) {
            send(parley, 0);
            sql(parley, "SET QUERY_STATISTICS_MAX_ENTRIES 1000");
            sql(parley, "SET QUERY_STATISTICS TRUE");
            for (int i = 1; i <= 10; i++) send(parley, i);
            Thread.sleep(600); // two of the dispatcher's 250 ms polls with an empty inbox
            var executions = executions(parley);
            sql(parley, "SET QUERY_STATISTICS FALSE");
            long windowScans = count(executions, "from inbox", "order by");
            long walkSeeks = count(executions, "from inbox", ">=");
            assertThat(windowScans).as("the dispatcher ran: " + executions.keySet()).isPositive();
            assertThat(walkSeeks).as("the round-robin walk's seeks: " + executions.keySet()).isZero();
        }
    }

    private static void send(TestParley parley, int i) throws Exception {
        long before = parley.app.metrics.latencyCount();
        var response = parley.http().postGeneric("wh-" + i, ParleyHttp.message("m-" + i, "sms", "+1555888" + (1000 + i),
                "hello", ScriptedPlaybook.NAME), Clock.systemUTC());
        assertThat(response.statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> parley.app.metrics.latencyCount() == before + 1);
    }
}
