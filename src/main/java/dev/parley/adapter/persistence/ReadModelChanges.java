package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one unit of work changed that the console's read side keeps (queue read model, search terms), applied once
 * at its end, inside the same transaction, after Hibernate has flushed: the repositories only note it.
 */
final class ReadModelChanges {
    private final Map<Long, Instant> queues = new LinkedHashMap<>();
    private final Set<Long> started = new LinkedHashSet<>();
    private final List<Map.Entry<Long, String>> texts = new ArrayList<>();

    /** The conversation's alerts or state changed at {@code now}. */
    void queuesOf(long conversationId, Instant now) {
        queues.merge(conversationId, now, (a, b) -> a.isAfter(b) ? a : b);
    }

    /** A conversation was created: its key and contact become searchable. */
    void started(long conversationId) {
        started.add(conversationId);
    }

    /** A message worth searching was added to the conversation. */
    void searchable(long conversationId, String text) {
        texts.add(Map.entry(conversationId, text));
    }

    boolean isEmpty() {
        return queues.isEmpty() && started.isEmpty() && texts.isEmpty();
    }

    void apply(Connection connection) throws SQLException {
        if (!started.isEmpty() || !texts.isEmpty()) {
            try (var index = new SearchIndex(connection)) {
                for (var id : started) index.add(id, conversationTerms(connection, id));
                for (var text : texts) index.add(text.getKey(), SearchTerms.of(text.getValue()));
                index.flush();
            }
        }
        for (var entry : queues.entrySet()) QueueReadModel.refresh(connection, entry.getKey(), entry.getValue());
    }

    private static Set<String> conversationTerms(Connection connection, long id) throws SQLException {
        try (var st = connection.prepareStatement("select c.conv_key, ct.address, ct.display_name from conversations c "
                + "join contacts ct on ct.id = c.contact_id where c.id = ?")) {
            st.setLong(1, id);
            try (var rs = st.executeQuery()) {
                return rs.next() ? SearchIndex.conversationTerms(rs.getString(1), rs.getString(2), rs.getString(3))
                        : Set.of();
            }
        }
    }
}
