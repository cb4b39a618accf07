package dev.parley.adapter.persistence;

import dev.parley.application.console.AcknowledgementTimes;
import dev.parley.application.console.AlertClasses;
import dev.parley.application.console.DashboardFigures.HourlyTraffic;
import dev.parley.application.console.QueueCursor;
import dev.parley.application.console.QueueFilter;
import dev.parley.application.console.QueueItem;
import dev.parley.application.console.QueueKind;
import dev.parley.application.console.QueueSort;
import dev.parley.application.console.Queues;
import dev.parley.application.console.WhyInReview;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.conversation.TimelineEvent;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * The console's queues in plain read-only JDBC: each page is one keyset query on an indexed order (QueueSql), so it
 * costs the same on page 1 and page 1000, then one indexed look-up of the page's unresolved alerts (badges, and
 * Human review's reason in words).
 */
public final class JdbcQueues implements Queues {
    private static final String UNRESOLVED = "status in ('OPEN','ACKNOWLEDGED')";
    /** The severity Escalations counts: one per escalated question (its SLA breach shows on the same case). */
    private static final String ESCALATION = QueueReadModel.quoted(AlertSeverity.ESCALATION);
    private static final String ALERT_COLUMNS = "id, conversation_id, contact_id, message_id, severity, categories, "
            + "pattern_ids, source, status, created_at, handled_by, handled_at, acknowledged_by, acknowledged_at, "
            + "resolved_by, resolved_at, resolution_note";
    private final DataSource dataSource;
    private final Clock clock;
    private final int searchLookupLimit;

    public JdbcQueues(DataSource dataSource, Clock clock) {
        this(dataSource, clock, SearchPlan.LOOKUP_LIMIT);
    }

    /** @param searchLookupLimit most conversations a search word may have to be looked up by id ({@link SearchPlan}) */
    public JdbcQueues(DataSource dataSource, Clock clock, int searchLookupLimit) {
        this.dataSource = dataSource;
        this.clock = clock;
        this.searchLookupLimit = searchLookupLimit;
    }

    @Override
    public Map<QueueKind, Long> counts() {
        return read(c -> {
            var counts = new EnumMap<QueueKind, Long>(QueueKind.class);
            counts.put(QueueKind.HUMAN_REVIEW, count(c, "select count(*) from conversations where review_tier >= 0"));
            counts.put(QueueKind.ESCALATIONS, count(c, "select count(*) from alerts where " + UNRESOLVED
                    + " and severity in (" + ESCALATION + ")"));
            counts.put(QueueKind.HELD, count(c, "select count(*) from outbox where status in ('HELD','DENIED')")
                    + scheduled(c, "select count(*) from outbox o where " + QueueSql.SCHEDULED)
                    + count(c, "select count(*) from messages where status in ('SILENCED','DELAYED')"));
            counts.put(QueueKind.ALL, count(c, "select count(*) from conversations"));
            counts.put(QueueKind.FAILED, count(c, "select count(*) from inbox where status = 'FAILED'")
                    + count(c, "select count(*) from outbox where status in ('FAILED','DELIVERY_UNKNOWN')"));
            counts.put(QueueKind.OPPORTUNITIES, count(c, "select count(*) from alerts where " + UNRESOLVED
                    + " and " + informational("severity")));
            return counts;
        });
    }

    private static String informational(String column) {
        return column + " not in (" + QueueSql.NOT_INFORMATIONAL + ")";
    }

    @Override
    public List<QueueItem> page(QueueKind kind, QueueFilter filter, QueueSort sort, QueueCursor after, int limit) {
        return read(c -> {
            List<QueueItem> items;
            var anchor = filter == null || filter.search() == null || filter.search().isBlank() ? null
                    : SearchPlan.anchor(c, filter.search(), searchLookupLimit);
            if (kind == QueueKind.ALL && sort == QueueSort.SEVERITY) {
                items = new ArrayList<>();
                for (int level = after == null ? 3 : after.rank(); level >= 0 && items.size() < limit; level--) {
                    var from = after != null && after.rank() == level ? after : null;
                    items.addAll(rows(c, kind, QueueSql.severityLevel(filter, anchor, level, from,
                            limit - items.size())));
                }
            } else {
                items = rows(c, kind, QueueSql.page(kind, filter, anchor, sort, after, limit, clock.instant()));
            }
            return annotate(c, kind, items);
        });
    }

    @Override
    public List<QueueItem> ofConversations(QueueKind kind, QueueFilter filter, QueueSort sort,
                                           Collection<Long> conversations, int limit) {
        if (conversations.isEmpty()) return List.of();
        return read(c -> {
            var anchor = filter == null || filter.search() == null || filter.search().isBlank() ? null
                    : SearchPlan.anchor(c, filter.search(), searchLookupLimit);
            return annotate(c, kind, rows(c, kind, QueueSql.ofConversations(kind, filter, anchor, sort,
                    List.copyOf(conversations), limit, clock.instant())));
        });
    }

    private static List<QueueItem> rows(Connection c, QueueKind kind, QueueSql.Query query) throws SQLException {
        try (var st = c.prepareStatement(query.sql())) {
            for (int i = 0; i < query.parameters().size(); i++) st.setObject(i + 1, query.parameters().get(i));
            var items = new ArrayList<QueueItem>();
            try (var rs = st.executeQuery()) {
                while (rs.next()) items.add(item(kind, rs));
            }
            return items;
        }
    }

    private static QueueItem item(QueueKind kind, ResultSet rs) throws SQLException {
        long conversationId = rs.getLong("conversation_id");
        boolean noConversation = rs.wasNull();
        return new QueueItem(kind, rs.getLong("id"), noConversation ? 0 : conversationId, instant(rs, "since"),
                rs.getString("contact"), rs.getString("channel"), rs.getString("playbook"), rs.getString("state"),
                QueueSql.categories(rs.getString("categories")), rs.getString("preview"), rs.getString("status"),
                rs.getInt("rank"), null, false, kind == QueueKind.FAILED || kind == QueueKind.HELD
                ? QueueItem.Source.valueOf(rs.getString("source")) : QueueItem.Source.of(kind));
    }

    /** Badges from the page's unresolved alerts; Human review's reason, categories and triggering message. */
    private List<QueueItem> annotate(Connection c, QueueKind kind, List<QueueItem> items) throws SQLException {
        var ids = items.stream().map(QueueItem::conversationId).filter(id -> id > 0).distinct().toList();
        if (ids.isEmpty()) return items;
        var alerts = unresolvedAlerts(c, ids);
        var entered = kind == QueueKind.HUMAN_REVIEW ? enteredReview(c, ids) : Map.<Long, TimelineEvent>of();
        var now = clock.instant();
        var texts = kind == QueueKind.HUMAN_REVIEW ? triggeringTexts(c, alerts.values()) : Map.<Long, String>of();
        var out = new ArrayList<QueueItem>(items.size());
        for (var item : items) {
            var own = alerts.getOrDefault(item.conversationId(), List.of());
            boolean opportunity = own.stream().anyMatch(a -> a.severity().informational());
            if (kind == QueueKind.HUMAN_REVIEW) {
                var top = own.stream().filter(a -> a.severity().review())
                        .min(java.util.Comparator.comparingInt((ConversationAlert a) -> a.severity().reviewTier())
                                .thenComparingLong(ConversationAlert::id));
                var why = WhyInReview.of(own, entered.get(item.conversationId()), now);
                var categories = top.map(ConversationAlert::categories).orElse(item.categories());
                var preview = top.map(a -> a.messageId() == null ? null : texts.get(a.messageId()))
                        .orElse(item.preview());
                out.add(new QueueItem(kind, item.id(), item.conversationId(), item.since(), item.contact(),
                        item.channel(), item.playbook(), item.state(), categories, preview == null ? item.preview()
                        : preview, item.status(), item.rank(), why, opportunity));
            } else if (kind == QueueKind.OPPORTUNITIES) {
                var alert = own.stream().filter(a -> a.id() == item.id()).findFirst();
                out.add(item.withWhy(alert.map(a -> opportunityWhy(a, now)).orElse(null), true));
            } else {
                out.add(item.withWhy(null, opportunity));
            }
        }
        return out;
    }

    private static String opportunityWhy(ConversationAlert a, Instant now) {
        return (a.severity() == AlertSeverity.HIGH_VALUE ? "High value: " : a.severity().wire() + ": ")
                + String.join(", ", a.categories().stream().map(String::valueOf).toList())
                + " — automation continues · " + WhyInReview.acknowledgement(a, now);
    }

    private static Map<Long, List<ConversationAlert>> unresolvedAlerts(Connection c, List<Long> conversations)
            throws SQLException {
        var out = new HashMap<Long, List<ConversationAlert>>();
        try (var st = c.prepareStatement("select " + ALERT_COLUMNS + " from alerts where conversation_id in ("
                + placeholders(conversations.size()) + ") and " + UNRESOLVED)) {
            for (int i = 0; i < conversations.size(); i++) st.setLong(i + 1, conversations.get(i));
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    var alert = alert(rs);
                    out.computeIfAbsent(alert.conversationId(), k -> new ArrayList<>()).add(alert);
                }
            }
        }
        return out;
    }

    static ConversationAlert alert(ResultSet rs) throws SQLException {
        long message = rs.getLong("message_id");
        Long messageId = rs.wasNull() ? null : message;
        return new ConversationAlert(rs.getLong("id"), rs.getLong("conversation_id"), rs.getLong("contact_id"),
                messageId, AlertSeverity.fromWire(rs.getString("severity")),
                        JsonColumns.read(rs.getString("categories")),
                JsonColumns.read(rs.getString("pattern_ids")), rs.getString("source"), rs.getString("status"),
                instant(rs, "created_at"), rs.getString("handled_by"), instant(rs, "handled_at"),
                new ConversationAlert.Handling(rs.getString("acknowledged_by"), instant(rs, "acknowledged_at"),
                        rs.getString("resolved_by"), instant(rs, "resolved_at"), rs.getString("resolution_note")));
    }

    /** The last transition into HumanReview of each conversation. */
    private static Map<Long, TimelineEvent> enteredReview(Connection c, List<Long> conversations)
            throws SQLException {
        var out = new HashMap<Long, TimelineEvent>();
        try (var st = c.prepareStatement("select id, conversation_id, type, from_state, to_state, trigger_name, "
                + "detail, actor, at from conversation_events where conversation_id in ("
                + placeholders(conversations.size()) + ") and to_state = ? order by id")) {
            for (int i = 0; i < conversations.size(); i++) st.setLong(i + 1, conversations.get(i));
            st.setString(conversations.size() + 1, AlertClasses.HUMAN_REVIEW_STATE);
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getLong(2), new TimelineEvent(rs.getLong(1), rs.getLong(2), rs.getString(3),
                            rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8),
                            instant(rs, "at")));
                }
            }
        }
        return out;
    }

    private static Map<Long, String> triggeringTexts(Connection c, Collection<List<ConversationAlert>> alerts)
            throws SQLException {
        var ids = alerts.stream().flatMap(List::stream).map(ConversationAlert::messageId)
                .filter(java.util.Objects::nonNull).distinct().toList();
        var out = new HashMap<Long, String>();
        if (ids.isEmpty()) return out;
        try (var st = c.prepareStatement("select id, text from messages where id in (" + placeholders(ids.size())
                + ")")) {
            for (int i = 0; i < ids.size(); i++) st.setLong(i + 1, ids.get(i));
            try (var rs = st.executeQuery()) {
                while (rs.next()) out.put(rs.getLong(1), rs.getString(2));
            }
        }
        return out;
    }

    private static String placeholders(int n) {
        return String.join(", ", java.util.Collections.nCopies(n, "?"));
    }

    @Override
    public Map<QueueKind, Instant> oldest() {
        return read(c -> {
            var oldest = new EnumMap<QueueKind, Instant>(QueueKind.class);
            put(oldest, QueueKind.HUMAN_REVIEW, c, "select min(review_since) from conversations where review_tier >= 0");
            put(oldest, QueueKind.ESCALATIONS, c, "select min(created_at) from alerts where " + UNRESOLVED
                    + " and severity in (" + ESCALATION + ")");
            put(oldest, QueueKind.HELD, c, "select min(at) from (select min(created_at) at from outbox where status in "
                    + "('HELD','DENIED') union all select min(received_at) from messages where status in "
                    + "('SILENCED','DELAYED')) h");
            put(oldest, QueueKind.FAILED, c, "select min(at) from (select min(received_at) at from inbox where "
                    + "status = 'FAILED' union all select min(coalesce(claimed_at, created_at)) from outbox where "
                    + "status in ('FAILED','DELIVERY_UNKNOWN')) f");
            put(oldest, QueueKind.OPPORTUNITIES, c, "select min(created_at) from alerts where " + UNRESOLVED + " and "
                    + informational("severity"));
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
            for (var hour = since.truncatedTo(ChronoUnit.HOURS); !hour.isAfter(clock.instant());
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

    @Override
    public List<AcknowledgementTimes.Raised> criticalRaisedSince(Instant since) {
        return read(c -> {
            var out = new ArrayList<AcknowledgementTimes.Raised>();
            try (var st = c.prepareStatement("select created_at, acknowledged_at from alerts where id >= coalesce(("
                    + "select min(id) from alerts where created_at >= ?), 0) and created_at >= ? and severity = ?")) {
                st.setObject(1, Timestamp.from(since));
                st.setObject(2, Timestamp.from(since));
                st.setString(3, AlertSeverity.CRITICAL.wire());
                try (var rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(new AcknowledgementTimes.Raised(instant(rs, "created_at"),
                                instant(rs, "acknowledged_at")));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public List<ConversationAlert> unacknowledgedCritical(Instant raisedBy, int limit) {
        return read(c -> {
            var out = new ArrayList<ConversationAlert>();
            try (var st = c.prepareStatement("select " + ALERT_COLUMNS + " from alerts where status = 'OPEN' and "
                    + "severity = ? and created_at <= ? order by id fetch first " + limit + " rows only")) {
                st.setString(1, AlertSeverity.CRITICAL.wire());
                st.setObject(2, Timestamp.from(raisedBy));
                try (var rs = st.executeQuery()) {
                    while (rs.next()) out.add(alert(rs));
                }
            }
            return out;
        });
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (var st = c.prepareStatement(sql); var rs = st.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    /** A count over the outbound rows scheduled for later ({@link QueueSql#SCHEDULED}: its one parameter is now). */
    private long scheduled(Connection c, String sql) throws SQLException {
        try (var st = c.prepareStatement(sql)) {
            st.setTimestamp(1, java.sql.Timestamp.from(clock.instant()));
            try (var rs = st.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
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
