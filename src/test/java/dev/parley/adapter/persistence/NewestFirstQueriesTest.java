package dev.parley.adapter.persistence;

import static dev.parley.testing.H2QueryStatistics.executions;
import static dev.parley.testing.H2QueryStatistics.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every message's screening reads and writes of {@code safety_decisions} (V130, {@link
 * NewestFirstIndexesMigration}), asked of H2 itself: its plan for the query of a conversation's newest decisions, and
 * the table's indexes.
 */
class NewestFirstQueriesTest {
    private static final int MESSAGES = 6;

    @TempDir Path home;

    @Test
    void aConversationsNewestDecisionsAreReadOffTheirIndexNewestFirstNotAllReadAndSorted() throws Exception {
        try (var parley = TestParley.open(home, Clock.systemUTC(), Map.of())) {
            sql(parley, "SET QUERY_STATISTICS_MAX_ENTRIES 1000");
            sql(parley, "SET QUERY_STATISTICS TRUE");
            for (int i = 0; i < MESSAGES; i++) receive(parley, i);
            assertThat(parley.app.worker.drain()).isEqualTo(MESSAGES);
            var levels = parley.app.transactions.inTransaction(store -> store.safetyDecisions().recentRiskLevels(
                    store.conversations().findByKey("sms", "+15558881000").orElseThrow().id(), "inbound", 3));
            var executed = executions(parley).keySet();
            sql(parley, "SET QUERY_STATISTICS FALSE");
            assertThat(levels).hasSize(3);

            // the screening of each message ran it (StoredConversationFacts), and so did the call above
            var query = executed.stream().filter(s -> s.contains("from safety_decisions") && s.contains("risk_level")
                    && s.contains(" desc")).toList();
            assertThat(query).as("statements run: " + executed).hasSize(1);
            var plan = explain(parley, query.getFirst());
            assertThat(plan).contains("IX_SAFETY_DECISIONS_CONVERSATION").contains("/* index sorted */");
        }
    }

    @Test
    void noIndexOfTheDecisionsIsACopyOfAnotherAndTheirForeignKeysStillHold() throws Exception {
        try (var parley = TestParley.open(home, Clock.systemUTC(), Map.of())) {
            var columnsByIndex = new HashMap<String, String>();
            try (var c = parley.app.database.dataSource().getConnection(); var s = c.createStatement();
                 var rs = s.executeQuery("select i.index_name, "
                         + "listagg(k.column_name || ' ' || k.ordering_specification, ',') "
                         + "within group (order by k.ordinal_position) from information_schema.indexes i "
                         + "join information_schema.index_columns k on k.index_schema = i.index_schema "
                         + "and k.index_name = i.index_name where i.table_name = 'SAFETY_DECISIONS' "
                         + "group by i.index_name")) {
                while (rs.next()) columnsByIndex.put(rs.getString(1), rs.getString(2));
                c.rollback();
            }
            assertThat(columnsByIndex).containsEntry("IX_SAFETY_DECISIONS_CONVERSATION",
                    "CONVERSATION_ID DESC,ID DESC");
            assertThat(new ArrayList<>(columnsByIndex.values())).as(columnsByIndex.toString())
                    .doesNotHaveDuplicates().contains("MESSAGE_ID ASC", "OUTBOX_ID ASC");

            // the keys made again still refuse a decision on a message or an outbox row that does not exist
            for (var column : List.of("message_id", "outbox_id")) {
                assertThatThrownBy(() -> insertDecisionWith(parley, column)).isInstanceOf(SQLException.class)
                        .hasMessageContaining("FK_SAFETY_DECISIONS_" + (column.equals("message_id") ? "MESSAGE"
                                : "OUTBOX"));
            }
        }
    }

    private static void insertDecisionWith(TestParley parley, String column) throws SQLException {
        receive(parley, 100 + column.length());
        parley.app.worker.drain();
        try (var c = parley.app.database.dataSource().getConnection(); var s = c.createStatement()) {
            try {
                s.executeUpdate("insert into safety_decisions (trace_id, conversation_id, contact_id, " + column
                        + ", direction, decision, risk_level, risk_categories, scores, enforcement_reason, "
                        + "policy_version, content_sha256, fail_safe, decided_at) select 't', conversation_id, "
                        + "contact_id, 999999, direction, decision, risk_level, risk_categories, scores, "
                        + "enforcement_reason, policy_version, content_sha256, fail_safe, decided_at "
                        + "from safety_decisions fetch first 1 rows only");
            } finally {
                c.rollback();
            }
        }
    }

    private static String explain(TestParley parley, String sql) throws Exception {
        var plan = new ArrayList<String>();
        try (var c = parley.app.database.dataSource().getConnection();
             var q = c.prepareStatement("explain " + sql); var rs = q.executeQuery()) {
            while (rs.next()) plan.add(rs.getString(1));
            c.rollback();
        }
        return String.join("\n", plan);
    }

    private static void receive(TestParley parley, int i) {
        var receipt = parley.app.receive.receive(new InboundMessage("sms", "m-" + i, "+15558881000", "+15558881000",
                null, "hello number " + i, null, Instant.now(), null, null), null);
        assertThat(receipt.duplicate()).isFalse();
    }
}
