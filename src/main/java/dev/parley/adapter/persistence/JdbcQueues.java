package dev.parley.adapter.persistence;

import dev.parley.application.console.DashboardFigures.HourlyTraffic;
import dev.parley.application.console.QueueCursor;
import dev.parley.application.console.QueueFilter;
import dev.parley.application.console.QueueItem;
import dev.parley.application.console.QueueKind;
import dev.parley.application.console.Queues;
import dev.parley.application.store.StoreUnavailableException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * The console's queues in plain read-only JDBC: each page is one keyset query on an indexed order
 * (alerts/outbox/inbox by id, conversations by updated_at, id), so it costs the same on page 1 and page 1000.
 */
public final class JdbcQueues implements Queues {
    private final DataSource dataSource;

    public JdbcQueues(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public Map<QueueKind, Long> counts() {
        return read(c -> {
            var counts = new EnumMap<QueueKind, Long>(QueueKind.class);
            counts.put(QueueKind.HUMAN_REVIEW, count(c, "select count(*) from alerts where status in ('OPEN',"
                    + "'ACKNOWLEDGED') and severity in ('CRITICAL','WARNING','HIGH_VALUE')"));
            counts.put(QueueKind.ESCALATIONS, count(c, "select count(*) from alerts where status in ('OPEN',"
                    + "'ACKNOWLEDGED') and severity = 'ESCALATION'"));
            counts.put(QueueKind.HELD, count(c, "select count(*) from outbox where status in ('HELD','DENIED')"));
            counts.put(QueueKind.ALL, count(c, "select count(*) from conversations"));
            counts.put(QueueKind.FAILED, count(c, "select count(*) from inbox where status = 'FAILED'")
                    + count(c, "select count(*) from outbox where status in ('FAILED','DELIVERY_UNKNOWN')"));
            return counts;
        });
    }

    @Override
    public List<QueueItem> page(QueueKind kind, QueueFilter filter, QueueCursor after, int limit) {
        var query = QueueSql.page(kind, filter, after, limit);
        return read(c -> {
            try (var st = c.prepareStatement(query.sql())) {
                for (int i = 0; i < query.parameters().size(); i++) st.setObject(i + 1, query.parameters().get(i));
                var items = new ArrayList<QueueItem>();
                try (var rs = st.executeQuery()) {
                    while (rs.next()) items.add(item(kind, rs));
                }
                return items;
            }
        });
    }

    private static QueueItem item(QueueKind kind, ResultSet rs) throws SQLException {
        long conversationId = rs.getLong("conversation_id");
        long id = conversationId;
        boolean noConversation = rs.wasNull();
        var source = switch (kind) {
            case HUMAN_REVIEW, ESCALATIONS -> QueueItem.Source.ALERT;
            case HELD -> QueueItem.Source.OUTBOX;
            case ALL -> QueueItem.Source.CONVERSATION;
            case FAILED -> QueueItem.Source.valueOf(rs.getString("source"));
        };
        return new QueueItem(kind, rs.getLong("id"), noConversation ? 0 : id, instant(rs, "since"),
                rs.getString("contact"), rs.getString("channel"), rs.getString("playbook"), rs.getString("state"),
                QueueSql.categories(rs.getString("categories")), rs.getString("preview"), rs.getString("status"),
                source);
    }

    @Override
    public Map<QueueKind, Instant> oldest() {
        return read(c -> {
            var oldest = new EnumMap<QueueKind, Instant>(QueueKind.class);
            put(oldest, QueueKind.HUMAN_REVIEW, c, "select min(created_at) from alerts where status in ('OPEN',"
                    + "'ACKNOWLEDGED') and severity in ('CRITICAL','WARNING','HIGH_VALUE')");
            put(oldest, QueueKind.ESCALATIONS, c, "select min(created_at) from alerts where status in ('OPEN',"
                    + "'ACKNOWLEDGED') and severity = 'ESCALATION'");
            put(oldest, QueueKind.HELD, c, "select min(created_at) from outbox where status in ('HELD','DENIED')");
            put(oldest, QueueKind.FAILED, c, "select min(at) from (select min(received_at) at from inbox where "
                    + "status = 'FAILED' union all select min(coalesce(claimed_at, created_at)) from outbox where "
                    + "status in ('FAILED','DELIVERY_UNKNOWN')) f");
            return oldest;
        });
    }

    @Override
    public List<HourlyTraffic> trafficPerHour(Instant since, int maxMessages) {
        // No index on message time: walk the primary key backwards (ids grow with time) and stop at `since`.
        return read(c -> {
            var in = new TreeMap<Instant, long[]>();
            try (var st = c.prepareStatement("select direction, coalesce(received_at, sent_at) from messages "
                    + "order by id desc fetch first " + maxMessages + " rows only")) {
                st.setFetchSize(2000);
                try (var rs = st.executeQuery()) {
                    while (rs.next()) {
                        var at = toInstant(rs.getObject(2, OffsetDateTime.class));
                        if (at == null) continue;
                        if (at.isBefore(since)) break;
                        var hour = at.truncatedTo(ChronoUnit.HOURS);
                        in.computeIfAbsent(hour, h -> new long[2])["IN".equals(rs.getString(1)) ? 0 : 1]++;
                    }
                }
            }
            var out = new ArrayList<HourlyTraffic>();
            for (var hour = since.truncatedTo(ChronoUnit.HOURS); !hour.isAfter(Instant.now());
                 hour = hour.plus(1, ChronoUnit.HOURS)) {
                var counts = in.getOrDefault(hour, new long[2]);
                out.add(new HourlyTraffic(hour, counts[0], counts[1]));
            }
            return out;
        });
    }

    @Override
    public Map<String, Long> alertsPerCategory(Instant since) {
        return read(c -> {
            var perCategory = new TreeMap<String, Long>();
            try (var st = c.prepareStatement("select categories from alerts where id >= coalesce((select min(id) "
                    + "from alerts where created_at >= ?), 0) and created_at >= ?")) {
                st.setObject(1, Timestamp.from(since));
                st.setObject(2, Timestamp.from(since));
                try (var rs = st.executeQuery()) {
                    while (rs.next()) {
                        for (var category : QueueSql.categories(rs.getString(1))) {
                            perCategory.merge(category, 1L, Long::sum);
                        }
                    }
                }
            }
            return perCategory;
        });
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (var st = c.prepareStatement(sql); var rs = st.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    private static void put(Map<QueueKind, Instant> map, QueueKind kind, Connection c, String sql)
            throws SQLException {
        try (var st = c.prepareStatement(sql); var rs = st.executeQuery()) {
            if (rs.next()) {
                var at = toInstant(rs.getObject(1, OffsetDateTime.class));
                if (at != null) map.put(kind, at);
            }
        }
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return toInstant(rs.getObject(column, OffsetDateTime.class));
    }

    private static Instant toInstant(OffsetDateTime t) {
        return t == null ? null : t.toInstant();
    }

    private interface Work<T> {
        T apply(Connection c) throws SQLException;
    }

    private <T> T read(Work<T> work) {
        try (var c = dataSource.getConnection()) {
            c.setReadOnly(true);
            try {
                return work.apply(c);
            } finally {
                c.rollback();
                c.setReadOnly(false);
            }
        } catch (SQLException e) {
            throw new StoreUnavailableException("console query failed: " + e.getSQLState(), e);
        }
    }
}
