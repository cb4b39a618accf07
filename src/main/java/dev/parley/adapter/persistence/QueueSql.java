package dev.parley.adapter.persistence;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.console.QueueCursor;
import dev.parley.application.console.QueueFilter;
import dev.parley.application.console.QueueKind;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

/** The SQL of each console queue page: one indexed keyset query per queue, filters appended as predicates. */
final class QueueSql {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String LAST_MESSAGE = "(select m.text from messages m where m.conversation_id = c.id "
            + "order by m.id desc fetch first 1 rows only)";

    /** Human review's order (see QueueItem.severityRank): critical, then review-tier warnings, then high value. */
    static final String SEVERITY_RANK = "case a.severity when 'CRITICAL' then 0 when 'WARNING' then 1 else 2 end";

    record Query(String sql, List<Object> parameters) {
    }

    private QueueSql() {
    }

    static Query page(QueueKind kind, QueueFilter filter, QueueCursor after, int limit) {
        var where = new ArrayList<String>();
        var params = new ArrayList<Object>();
        String columns;
        String from;
        String joins;
        String order;
        switch (kind) {
            case HUMAN_REVIEW, ESCALATIONS -> {
                columns = "a.id, a.conversation_id, a.created_at since, ct.address contact, c.channel, c.playbook, "
                        + "c.state, a.categories, a.severity status, coalesce((select m.text from messages m where "
                        + "m.id = a.message_id), " + LAST_MESSAGE + ") preview";
                from = "alerts a";
                joins = " join conversations c on c.id = a.conversation_id join contacts ct on ct.id = c.contact_id";
                where.add("a.status in ('OPEN','ACKNOWLEDGED')");
                if (kind == QueueKind.HUMAN_REVIEW) {
                    where.add("a.severity in ('CRITICAL','WARNING','HIGH_VALUE')");
                    if (after != null) {
                        where.add("(" + SEVERITY_RANK + " > ? or (" + SEVERITY_RANK + " = ? and a.id < ?))");
                        params.add(after.rank());
                        params.add(after.rank());
                        params.add(after.id());
                    }
                    order = SEVERITY_RANK + ", a.id desc";
                } else {
                    where.add("a.severity = 'ESCALATION'");
                    keysetById("a.id", after, where, params);
                    order = "a.id desc";
                }
            }
            case HELD -> {
                columns = "o.id, o.conversation_id, o.created_at since, ct.address contact, c.channel, c.playbook, "
                        + "c.state, c.critical_alert_tags categories, o.status || ': ' || coalesce(o.reason, '') "
                        + "status, o.text preview";
                from = "outbox o";
                joins = " join conversations c on c.id = o.conversation_id join contacts ct on ct.id = o.contact_id";
                where.add("o.status in ('HELD','DENIED')");
                keysetById("o.id", after, where, params);
                order = "o.id desc";
            }
            case ALL -> {
                columns = "c.id, c.id conversation_id, c.updated_at since, ct.address contact, c.channel, c.playbook, "
                        + "c.state, c.critical_alert_tags categories, case when c.automation_paused then 'paused' "
                        + "else ct.status end status, " + LAST_MESSAGE + " preview";
                from = "conversations c";
                joins = " join contacts ct on ct.id = c.contact_id";
                if (after != null) {
                    where.add("(c.updated_at < ? or (c.updated_at = ? and c.id < ?))");
                    params.add(Timestamp.from(after.at()));
                    params.add(Timestamp.from(after.at()));
                    params.add(after.id());
                }
                order = "c.updated_at desc, c.id desc";
            }
            case FAILED -> {
                return failed(filter, after, limit);
            }
            default -> throw new IllegalArgumentException(kind.name());
        }
        var alias = from.substring(from.indexOf(' ') + 1);
        if (filter == null || filter.isEmpty()) {
            // Pick the page's ids on the index alone, then join and compute previews for those rows only.
            var top = "select " + alias + ".id from " + from + " where " + String.join(" and ", where.isEmpty()
                    ? List.of("1 = 1") : where) + " order by " + order + " fetch first " + limit + " rows only";
            var sql = "select " + columns + " from (" + top + ") top_ids join " + from + " on " + alias
                    + ".id = top_ids.id" + joins + " order by " + order;
            return new Query(sql, params);
        }
        filters(kind, filter, where, params);
        var sql = "select " + columns + " from " + from + joins + (where.isEmpty() ? "" : " where "
                + String.join(" and ", where)) + " order by " + order + " fetch first " + limit + " rows only";
        return new Query(sql, params);
    }

    /**
     * The Failed queue: inbox rows that could not be processed and outbox rows not delivered (FAILED) or of unknown
     * delivery (DELIVERY_UNKNOWN), newest first by when they failed, keyset on (since, id). Both parts are small
     * and picked by their status indexes.
     */
    private static Query failed(QueueFilter filter, QueueCursor after, int limit) {
        var params = new ArrayList<Object>();
        var inboxWhere = new ArrayList<>(List.of("i.status = 'FAILED'"));
        var outboxWhere = new ArrayList<>(List.of("o.status in ('FAILED','DELIVERY_UNKNOWN')"));
        var inboxParams = new ArrayList<Object>();
        var outboxParams = new ArrayList<Object>();
        failedFilters(filter, "i.channel", "i.sender", "i.conversation_key", inboxWhere, inboxParams);
        failedFilters(filter, "c.channel", "ct.address", "c.conv_key", outboxWhere, outboxParams);
        var inbox = "select i.id, 'INBOX' source, c.id conversation_id, i.received_at since, i.sender contact, "
                + "i.channel, c.playbook, c.state, c.critical_alert_tags categories, i.error status, i.text preview "
                + "from inbox i left join conversations c on c.channel = i.channel and c.conv_key = i.conversation_key "
                + "left join contacts ct on ct.id = c.contact_id where " + String.join(" and ", inboxWhere);
        var outbox = "select o.id, 'OUTBOX' source, o.conversation_id, coalesce(o.claimed_at, o.created_at) since, "
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

    private static void keysetById(String column, QueueCursor after, List<String> where, List<Object> params) {
        if (after != null) {
            where.add(column + " < ?");
            params.add(after.id());
        }
    }

    private static void filters(QueueKind kind, QueueFilter f, List<String> where, List<Object> params) {
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
            where.add("c.channel = ?");
            params.add(f.channel().strip());
        }
        if (present(f.search())) {
            var like = "%" + f.search().strip().toLowerCase().replace("%", "").replace("_", "") + "%";
            where.add("(lower(ct.address) like ? or lower(c.conv_key) like ? or lower(coalesce("
                    + "ct.display_name, '')) like ?)");
            params.add(like);
            params.add(like);
            params.add(like);
        }
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
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
