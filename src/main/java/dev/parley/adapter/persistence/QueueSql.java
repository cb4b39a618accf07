package dev.parley.adapter.persistence;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.application.console.QueueCursor;
import dev.parley.application.console.QueueFilter;
import dev.parley.application.console.QueueKind;
import dev.parley.application.console.QueueSort;
import dev.parley.domain.alert.AlertSeverity;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The SQL of each console queue page: one keyset query per page on an indexed order (V1, V100), filters and search
 * appended as predicates over the whole store. The page's ids are picked on the index first; previews and joins are
 * computed for those rows only.
 */
final class QueueSql {
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;
    private static final String LAST_MESSAGE = "(select m.text from messages m where m.conversation_id = c.id "
            + "order by m.id desc fetch first 1 rows only)";
    private static final String LAST_INBOUND = "(select m.text from messages m where m.conversation_id = c.id "
            + "and m.direction = 'IN' order by m.id desc fetch first 1 rows only)";
    /** The SQL literals of the severities that are not an opportunity (Human review's and Escalations'). */
    static final String NOT_INFORMATIONAL = QueueReadModel.quoted(
            Arrays.stream(AlertSeverity.values()).filter(s -> !s.informational()).toList());

    /** Human review's status of a row: the severity its review tier stands for ({@code when 0 then 'CRITICAL' …}). */
    private static final String REVIEW_TIER_WORDS = AlertSeverity.REVIEW.stream()
            .map(s -> " when " + s.reviewTier() + " then " + QueueReadModel.quoted(s)).collect(Collectors.joining());

    record Query(String sql, List<Object> parameters) {
    }

    /** An outbound row scheduled for later: PENDING, never tried, due after the one parameter (now). */
    static final String SCHEDULED = "(o.status = 'PENDING' and o.attempts = 0 and o.next_attempt_at > ?)";
    /** How Held &amp; filtered names a scheduled row's status. */
    static final String SCHEDULED_STATUS = "SCHEDULED";

    /** One queue's shape: the table it pages, the columns of a row, the joins they need. */
    private record Shape(String from, String alias, String columns, String joins, boolean conversationsInFilter) {
    }

    private QueueSql() {
    }

    /**
     * A page of {@code kind} in {@code sort} order (for ALL by severity, see {@link #severityLevel}); {@code anchor} is
     * the search word whose conversations are looked up by id ({@link SearchPlan}), or null.
     */
    static Query page(QueueKind kind, QueueFilter filter, String anchor, QueueSort sort, QueueCursor after,
                      int limit, java.time.Instant now) {
        return page(kind, filter, anchor, sort, after, limit, null, now);
    }

    /**
     * The rows of {@code kind} that belong to {@code conversations} (a live update of those conversations), in the
     * queue's {@code sort} order; for All by severity in newest-activity order, each row's attention in its rank.
     */
    static Query ofConversations(QueueKind kind, QueueFilter filter, String anchor, QueueSort sort,
                                 List<Long> conversations, int limit, java.time.Instant now) {
        return page(kind, filter, anchor, sort == QueueSort.SEVERITY ? QueueSort.NEWEST : sort, null, limit,
                conversations, now);
    }

    private static Query page(QueueKind kind, QueueFilter filter, String anchor, QueueSort sort, QueueCursor after,
                              int limit, List<Long> conversations, java.time.Instant now) {
        var where = new ArrayList<String>();
        var params = new ArrayList<Object>();
        String order;
        if (kind == QueueKind.FAILED) return failed(filter, after, limit, conversations);
        if (kind == QueueKind.HELD) {
            return held(filter, anchor, sort == QueueSort.OLDEST, after, limit, conversations, now);
        }
        var shape = shape(kind);
        if (conversations != null) {
            only(kind == QueueKind.HUMAN_REVIEW || kind == QueueKind.ALL ? "c.id" : "a.conversation_id", conversations,
                    where, params);
        }
        switch (kind) {
            case HUMAN_REVIEW -> {
                where.add("c.review_tier >= 0");
                if (after != null) {
                    where.add("(c.review_tier > ? or (c.review_tier = ? and (c.review_since > ? or (c.review_since "
                            + "= ? and c.id > ?))))");
                    params.addAll(List.of(after.rank(), after.rank(), ts(after), ts(after), after.id()));
                }
                order = "c.review_tier, c.review_since, c.id";
            }
            case ALL -> order = byTime("c.updated_at", "c.id", sort == QueueSort.OLDEST, after, where, params);
            case ESCALATIONS, OPPORTUNITIES -> {
                where.add("a.status in ('OPEN','ACKNOWLEDGED')");
                where.add(kind == QueueKind.ESCALATIONS ? "a.severity = "
                        + QueueReadModel.quoted(AlertSeverity.ESCALATION)
                        : "a.severity not in (" + NOT_INFORMATIONAL + ")");
                order = byId("a.id", sort == QueueSort.OLDEST, after, where, params);
            }
            case HELD -> {
                where.add("o.status in ('HELD','DENIED')");
                order = byId("o.id", sort == QueueSort.OLDEST, after, where, params);
            }
            default -> throw new IllegalArgumentException(kind.name());
        }
        return assemble(shape, filter, anchor, where, params, order, limit, kind);
    }

    /** All conversations by severity: the page's part at attention {@code level} (3 … 0), newest activity first. */
    static Query severityLevel(QueueFilter filter, String anchor, int level, QueueCursor after, int limit) {
        var where = new ArrayList<String>();
        var params = new ArrayList<Object>();
        where.add("c.attention = ?");
        params.add(level);
        byTime("c.updated_at", "c.id", false, after, where, params);
        return assemble(shape(QueueKind.ALL), filter, anchor, where, params, "c.attention desc, c.updated_at desc, "
                + "c.id desc", limit, QueueKind.ALL);
    }

    private static Query assemble(Shape shape, QueueFilter filter, String anchor, List<String> where,
                                  List<Object> params, String order, int limit, QueueKind kind) {
        boolean filtered = filter != null && !filter.isEmpty();
        if (filtered) filters(kind, filter, anchor, where, params);
        var conditions = where.isEmpty() ? "1 = 1" : String.join(" and ", where);
        // Pick the page's ids on the index alone, then join and compute previews for those rows only.
        var innerJoins = filtered && shape.conversationsInFilter() ? conversationJoin(kind) : "";
        var top = "select " + shape.alias() + ".id from " + shape.from() + innerJoins + " where " + conditions
                + " order by " + order + " fetch first " + limit + " rows only";
        var sql = "select " + shape.columns() + " from (" + top + ") top_ids join " + shape.from() + " on "
                + shape.alias() + ".id = top_ids.id" + shape.joins() + " order by " + order;
        return new Query(sql, params);
    }

    /**
     * The Failed queue: inbox rows that could not be processed and outbox rows not delivered (FAILED) or of unknown
     * delivery (DELIVERY_UNKNOWN), newest first by when they failed, keyset on (since, id). Both parts are small
     * and picked by their status indexes.
     */
    private static Query failed(QueueFilter filter, QueueCursor after, int limit, List<Long> conversations) {
        var params = new ArrayList<Object>();
        var inboxWhere = new ArrayList<>(List.of("i.status = 'FAILED'"));
        var outboxWhere = new ArrayList<>(List.of("o.status in ('FAILED','DELIVERY_UNKNOWN')"));
        var inboxParams = new ArrayList<Object>();
        var outboxParams = new ArrayList<Object>();
        failedFilters(filter, "i.channel", "i.sender", "i.conversation_key", inboxWhere, inboxParams);
        failedFilters(filter, "c.channel", "ct.address", "c.conv_key", outboxWhere, outboxParams);
        if (conversations != null) {
            only("c.id", conversations, inboxWhere, inboxParams);
            only("o.conversation_id", conversations, outboxWhere, outboxParams);
        }
        var inbox = "select i.id, 'INBOX' source, 0 rank, c.id conversation_id, i.received_at since, i.sender contact, "
                + "i.channel, c.playbook, c.state, c.critical_alert_tags categories, i.error status, i.text preview "
                + "from inbox i left join conversations c on c.channel = i.channel and c.conv_key = i.conversation_key "
                + "left join contacts ct on ct.id = c.contact_id where " + String.join(" and ", inboxWhere);
        var outbox = "select o.id, 'OUTBOX' source, 0 rank, o.conversation_id, coalesce(o.claimed_at, o.created_at) since, "
                + "ct.address contact, c.channel, c.playbook, c.state, c.critical_alert_tags categories, "
                + "o.status || ': ' || coalesce(o.reason, '') status, o.text preview from outbox o "
                + "join conversations c on c.id = o.conversation_id join contacts ct on ct.id = o.contact_id where "
                + String.join(" and ", outboxWhere);
        params.addAll(inboxParams);
        params.addAll(outboxParams);
        var keyset = "";
        if (after != null) {
            // Ties on (since, id) across the two tables would need microsecond-equal failures of equal ids.
            keyset = " where (f.since < ? or (f.since = ? and f.id < ?))";
            params.add(Timestamp.from(after.at()));
            params.add(Timestamp.from(after.at()));
            params.add(after.id());
        }
        var sql = "select * from (" + inbox + " union all " + outbox + ") f" + keyset
                + " order by f.since desc, f.id desc fetch first " + limit + " rows only";
        return new Query(sql, params);
    }

    /**
     * Held &amp; filtered: outbound rows HELD or DENIED (with their reason) or SCHEDULED for later (PENDING, never
     * tried, due after {@code now}: held by quiet hours, issue 35), and inbound messages the safety validator
     * holds back (SILENCED until an operator releases them, DELAYED until their delay ends), newest first by when they
     * were stopped, keyset on (since, id). Both parts are picked by their status indexes. Filters are those of the
     * conversation queues (playbook, state, channel, unresolved alerts) and the search is over the search index
     * (contact, key and words of the conversation's messages), as in every other queue but Failed.
     */
    private static Query held(QueueFilter filter, String anchor, boolean oldest, QueueCursor after, int limit,
                              List<Long> conversations, java.time.Instant now) {
        var params = new ArrayList<Object>();
        var outboxWhere = new ArrayList<>(List.of("(o.status in ('HELD','DENIED') or " + SCHEDULED + ")"));
        var messageWhere = new ArrayList<>(List.of("m.status in ('SILENCED','DELAYED')"));
        var outboxParams = new ArrayList<Object>();
        var messageParams = new ArrayList<Object>();
        if (filter != null && !filter.isEmpty()) {
            filters(QueueKind.HELD, filter, anchor, outboxWhere, outboxParams);
            filters(QueueKind.HELD, filter, anchor, messageWhere, messageParams);
        }
        if (conversations != null) {
            only("o.conversation_id", conversations, outboxWhere, outboxParams);
            only("m.conversation_id", conversations, messageWhere, messageParams);
        }
        var outbox = "select o.id, 'OUTBOX' source, 0 rank, o.conversation_id, o.created_at since, ct.address contact, "
                + "c.channel, c.playbook, c.state, c.critical_alert_tags categories, "
                + "case when o.status = 'PENDING' then '" + SCHEDULED_STATUS + "' else o.status end || ': ' || "
                + "coalesce(o.reason, '') status, o.text preview from outbox o "
                + "join conversations c on c.id = o.conversation_id join contacts ct on ct.id = o.contact_id where "
                + String.join(" and ", outboxWhere);
        params.add(Timestamp.from(now));
        var messages = "select m.id, 'MESSAGE' source, 0 rank, m.conversation_id, m.received_at since, "
                + "ct.address contact, c.channel, c.playbook, c.state, c.critical_alert_tags categories, "
                + "m.status || ': inbound, safety ' || lower(coalesce(s.decision, '')) status, m.text preview "
                + "from messages m join conversations c on c.id = m.conversation_id join contacts ct on "
                + "ct.id = c.contact_id left join message_safety s on s.message_id = m.id where "
                + String.join(" and ", messageWhere);
        params.addAll(outboxParams);
        params.addAll(messageParams);
        var keyset = "";
        if (after != null) {
            keyset = oldest ? " where (h.since > ? or (h.since = ? and h.id > ?))"
                    : " where (h.since < ? or (h.since = ? and h.id < ?))";
            params.add(Timestamp.from(after.at()));
            params.add(Timestamp.from(after.at()));
            params.add(after.id());
        }
        var order = oldest ? " order by h.since, h.id" : " order by h.since desc, h.id desc";
        var sql = "select * from (" + outbox + " union all " + messages + ") h" + keyset + order + " fetch first "
                + limit + " rows only";
        return new Query(sql, params);
    }

    /** {@code column in (conversations)}. */
    private static void only(String column, List<Long> conversations, List<String> where, List<Object> params) {
        where.add(conversations.isEmpty() ? "1 = 0" : column + " in (" + String.join(", ",
                java.util.Collections.nCopies(conversations.size(), "?")) + ")");
        params.addAll(conversations);
    }

    private static void failedFilters(QueueFilter f, String channel, String address, String key, List<String> where,
                                      List<Object> params) {
        if (f == null) return;
        if (present(f.playbook())) {
            where.add("c.playbook = ?");
            params.add(f.playbook().strip());
        }
        if (present(f.state())) {
            where.add("c.state = ?");
            params.add(f.state().strip());
        }
        if (present(f.channel())) {
            where.add(channel + " = ?");
            params.add(f.channel().strip());
        }
        if (present(f.search())) {
            var like = "%" + f.search().strip().toLowerCase().replace("%", "").replace("_", "") + "%";
            where.add("(lower(" + address + ") like ? or lower(" + key + ") like ? or lower(coalesce("
                    + "ct.display_name, '')) like ?)");
            params.add(like);
            params.add(like);
            params.add(like);
        }
    }

    private static String conversationJoin(QueueKind kind) {
        return switch (kind) {
            case ESCALATIONS, OPPORTUNITIES -> " join conversations c on c.id = a.conversation_id";
            case HELD -> " join conversations c on c.id = o.conversation_id";
            case FAILED -> " left join conversations c on c.channel = i.channel and c.conv_key = i.conversation_key";
            default -> "";
        };
    }

    private static Shape shape(QueueKind kind) {
        return switch (kind) {
            case HUMAN_REVIEW -> new Shape("conversations c", "c", "c.id, c.id conversation_id, c.review_since since, "
                    + "ct.address contact, c.channel, c.playbook, c.state, c.critical_alert_tags categories, case "
                    + "c.review_tier" + REVIEW_TIER_WORDS + " else 'REVIEW' end status, "
                    + LAST_INBOUND + " preview, c.review_tier rank",
                    " join contacts ct on ct.id = c.contact_id", false);
            case ALL -> new Shape("conversations c", "c", "c.id, c.id conversation_id, c.updated_at since, "
                    + "ct.address contact, c.channel, c.playbook, c.state, c.critical_alert_tags categories, case when "
                    + "c.automation_paused then 'paused' else ct.status end status, " + LAST_MESSAGE + " preview, "
                    + "c.attention rank", " join contacts ct on ct.id = c.contact_id", false);
            case ESCALATIONS, OPPORTUNITIES -> new Shape("alerts a", "a", "a.id, a.conversation_id, a.created_at "
                    + "since, ct.address contact, c.channel, c.playbook, c.state, a.categories, a.severity || ' · ' "
                    + "|| a.status status, coalesce((select m.text from messages m where m.id = a.message_id), "
                    + LAST_MESSAGE + ") preview, 0 rank", " join conversations c on c.id = a.conversation_id join "
                    + "contacts ct on ct.id = c.contact_id", true);
            case HELD -> new Shape("outbox o", "o", "o.id, o.conversation_id, o.created_at since, ct.address contact, "
                    + "c.channel, c.playbook, c.state, c.critical_alert_tags categories, o.status || ': ' || "
                    + "coalesce(o.reason, '') status, o.text preview, 0 rank", " join conversations c on c.id = "
                    + "o.conversation_id join contacts ct on ct.id = o.contact_id", true);
            case FAILED -> new Shape("inbox i", "i", "i.id, c.id conversation_id, i.received_at since, i.sender "
                    + "contact, i.channel, c.playbook, c.state, c.critical_alert_tags categories, i.error status, "
                    + "i.text preview, 0 rank", " left join conversations c on c.channel = i.channel and c.conv_key "
                    + "= i.conversation_key", true);
        };
    }

    /** Newest (or oldest) first by a time column with the id as tie-break; the keyset bound uses the index. */
    private static String byTime(String at, String id, boolean oldest, QueueCursor after, List<String> where,
                                 List<Object> params) {
        if (after != null) {
            where.add(oldest ? at + " >= ? and (" + at + " > ? or " + id + " > ?)"
                    : at + " <= ? and (" + at + " < ? or " + id + " < ?)");
            params.addAll(List.of(ts(after), ts(after), after.id()));
        }
        return oldest ? at + ", " + id : at + " desc, " + id + " desc";
    }

    private static String byId(String id, boolean oldest, QueueCursor after, List<String> where,
                               List<Object> params) {
        if (after != null) {
            where.add(id + (oldest ? " > ?" : " < ?"));
            params.add(after.id());
        }
        return oldest ? id : id + " desc";
    }

    private static void filters(QueueKind kind, QueueFilter f, String anchor, List<String> where,
                                List<Object> params) {
        if (present(f.playbook())) {
            where.add("c.playbook = ?");
            params.add(f.playbook().strip());
        }
        if (present(f.state())) {
            where.add("c.state = ?");
            params.add(f.state().strip());
        }
        if (present(f.channel())) {
            where.add(kind == QueueKind.FAILED ? "i.channel = ?" : "c.channel = ?");
            params.add(f.channel().strip());
        }
        if (present(f.alerts())) {
            where.add(switch (f.alerts().strip()) {
                case "critical" -> "c.attention = 3";
                case "warning" -> "exists (select 1 from alerts wa where wa.conversation_id = c.id and wa.status <> "
                        + "'RESOLVED' and wa.severity = " + QueueReadModel.quoted(AlertSeverity.WARNING) + ")";
                case "opportunity" -> "exists (select 1 from alerts oa where oa.conversation_id = c.id and oa.status "
                        + "<> 'RESOLVED' and oa.severity not in (" + NOT_INFORMATIONAL + "))";
                case "any" -> "c.attention > 0";
                default -> "c.attention = 0";
            });
        }
        if (present(f.search())) search(kind, f.search(), anchor, where, params);
    }

    /**
     * Every word of the query must match: a term of the conversation (a word of its messages, its key, its contact's
     * name, a run of its address's digits) that equals it or, from {@value SearchTerms#PREFIX_FROM} characters, begins
     * with it. The anchor word's conversations are looked up by id; every other word is checked per conversation read
     * in the queue's order ({@link SearchPlan}). Failed inbox rows (often without a conversation) are matched on their
     * sender, key and text.
     */
    private static void search(QueueKind kind, String query, String anchor, List<String> where, List<Object> params) {
        var words = SearchTerms.query(query);
        if (words.isEmpty()) return;
        for (var word : words) {
            var match = SearchPlan.match("t", word);
            var check = word.equals(anchor) ? "c.id in (select t.conversation_id from search_terms t where " + match
                    + ")" : "exists (select 1 from search_terms t where t.conversation_id = c.id and " + match + ")";
            if (kind == QueueKind.FAILED) {
                where.add("(lower(i.sender) like ? or lower(i.conversation_key) like ? or lower(i.text) like ? or "
                        + check + ")");
                var like = "%" + word + "%";
                params.addAll(List.of(like, like, like));
            } else {
                where.add(check);
            }
        }
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }

    private static Timestamp ts(QueueCursor cursor) {
        return cursor.at() == null ? null : Timestamp.from(cursor.at());
    }

    /** Categories from an alert's JSON array or a conversation's critical-alert tags object. */
    static List<String> categories(String json) {
        if (json == null || json.isBlank()) return List.of();
        try {
            JsonNode node = MAPPER.readTree(json);
            if (node.isObject()) node = node.path("categories");
            var out = new ArrayList<String>();
            if (node.isArray()) node.forEach(n -> out.add(n.asText()));
            return out;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return List.of();
        }
    }
}
