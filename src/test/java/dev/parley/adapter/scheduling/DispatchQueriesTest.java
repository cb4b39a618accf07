package dev.parley.adapter.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
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
            statistics(parley, "SET QUERY_STATISTICS_MAX_ENTRIES 1000");
            statistics(parley, "SET QUERY_STATISTICS TRUE");
            for (int i = 1; i <= 10; i++) send(parley, i);
            Thread.sleep(600); // two of the dispatcher's 250 ms polls with an empty inbox
            var executions = executions(parley);
            statistics(parley, "SET QUERY_STATISTICS FALSE");
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

    private static long count(Map<String, Long> executions, String... fragments) {
        return executions.entrySet().stream()
                .filter(e -> java.util.Arrays.stream(fragments).allMatch(f -> e.getKey().contains(f)))
                .mapToLong(Map.Entry::getValue).sum();
    }

    private static void statistics(TestParley parley, String sql) throws Exception {
        try (var c = parley.app.database.dataSource().getConnection(); var s = c.createStatement()) {
            s.execute(sql);
            c.commit();
        }
    }

    /** SQL (lower case, no spaces around operators as Hibernate writes them) → executions since statistics began. */
    private static Map<String, Long> executions(TestParley parley) throws Exception {
        var found = new LinkedHashMap<String, Long>();
        try (var c = parley.app.database.dataSource().getConnection(); var s = c.createStatement();
             var rs = s.executeQuery("select sql_statement, execution_count from information_schema.query_statistics"
                     + " order by execution_count desc")) {
            while (rs.next()) found.merge(rs.getString(1).toLowerCase(java.util.Locale.ROOT), rs.getLong(2), Long::sum);
            c.rollback();
        }
        if (Boolean.getBoolean("parley.test.printStatements")) {
            found.forEach((sql, n) -> System.out.println("STMT " + n + " | " + sql));
        }
        return found;
    }
}
