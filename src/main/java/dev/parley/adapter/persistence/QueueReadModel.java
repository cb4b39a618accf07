package dev.parley.adapter.persistence;

import dev.parley.application.console.AlertClasses;
import dev.parley.domain.alert.AlertSeverity;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.stream.Collectors;

/**
 * The queues' read model of a conversation (columns {@code attention}, {@code review_tier}, {@code review_since},
 * V100), recomputed from its unresolved alerts and its state in the transaction that changed them, so whole-store
 * sorting by severity and Human review's order are plain index scans. The rules are {@link AlertSeverity}'s and
 * {@link AlertClasses}'.
 */
final class QueueReadModel {
    private QueueReadModel() {
    }

    /** The attention of one alert row {@code a}: 3 critical, 2 warning or escalation, 1 informational. */
    static String attentionOf(String a) {
        return "case when " + a + ".severity in (" + atAttention(3) + ") then 3 when " + a + ".severity in ("
                + atAttention(2) + ") then 2 else 1 end";
    }

    private static String atAttention(int level) {
        return quoted(Arrays.stream(AlertSeverity.values()).filter(s -> s.attention() == level).toList());
    }

    /** Human review tier of conversation row {@code c}: 0 critical, 1 review tier, 2 HumanReview otherwise, else null. */
    static String tierOf(String c) {
        var sql = new StringBuilder("case");
        for (int tier = 0; tier < AlertSeverity.REVIEW.size(); tier++) {
            sql.append(" when exists (select 1 from alerts ra where ra.conversation_id = ").append(c)
                    .append(".id and ra.status <> 'RESOLVED' and ra.severity = ")
                    .append(quoted(AlertSeverity.REVIEW.get(tier))).append(") then ").append(tier);
        }
        return sql.append(" when ").append(c).append(".state = ").append(quoted(AlertClasses.HUMAN_REVIEW_STATE))
                .append(" then ").append(AlertClasses.TIER_UNCLEAR).append(" end").toString();
    }

    private static String attentionOfConversation(String c) {
        return "coalesce((select max(" + attentionOf("aa") + ") from alerts aa where aa.conversation_id = " + c
                + ".id and aa.status <> 'RESOLVED'), 0)";
    }

    /**
     * Recomputes one conversation's row. The row is locked first, so the update reads what another transaction
     * committed on it meanwhile (H2 and PostgreSQL read committed data per statement).
     */
    static void refresh(Connection connection, long conversationId, Instant now) throws SQLException {
        try (var lock = connection.prepareStatement("select id from conversations where id = ? for update")) {
            lock.setLong(1, conversationId);
            lock.executeQuery().close();
        }
        try (var update = connection.prepareStatement("update conversations c set attention = "
                + attentionOfConversation("c") + ", review_tier = " + tierOf("c") + ", review_since = case when "
                + tierOf("c") + " is null then null else coalesce(c.review_since, ?) end where c.id = ?")) {
            update.setTimestamp(1, Timestamp.from(now));
            update.setLong(2, conversationId);
            update.executeUpdate();
        }
    }

    /**
     * Recomputes every conversation that has an unresolved alert, is in HumanReview or had a value before (the
     * migration of an existing store; a store written by batch inserts). A conversation already waiting since when it
     * entered HumanReview, else since its oldest unresolved review alert, else since its last update.
     */
    static int refreshAll(Connection connection) throws SQLException {
        try (var st = connection.createStatement()) {
            return st.executeUpdate("update conversations c set attention = " + attentionOfConversation("c")
                    + ", review_tier = " + tierOf("c") + ", review_since = case when " + tierOf("c")
                    + " is null then null else coalesce(c.review_since, (select max(e.at) from conversation_events e "
                    + "where e.conversation_id = c.id and e.to_state = " + quoted(AlertClasses.HUMAN_REVIEW_STATE)
                    + "), (select min(ra.created_at) from alerts ra where ra.conversation_id = c.id and ra.status <> "
                    + "'RESOLVED' and ra.severity in (" + quoted(AlertSeverity.REVIEW) + ")), c.updated_at) end "
                    + "where c.state = "
                    + quoted(AlertClasses.HUMAN_REVIEW_STATE) + " or c.attention <> 0 or c.review_tier is not null "
                    + "or c.id in (select conversation_id from alerts where status <> 'RESOLVED')");
        }
    }

    static String quoted(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    static String quoted(AlertSeverity severity) {
        return quoted(severity.wire());
    }

    /** The severities' SQL literals, comma-separated (for an {@code in (...)} list). */
    static String quoted(Collection<AlertSeverity> severities) {
        return severities.stream().map(QueueReadModel::quoted).collect(Collectors.joining(", "));
    }
}
