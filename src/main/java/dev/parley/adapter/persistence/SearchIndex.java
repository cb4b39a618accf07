package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;

/**
 * Writes {@code search_terms} (V100): one row per term and conversation, added when a message arrives (inbound text
 * and operator replies; a playbook's own templated messages are not worth searching) or a conversation starts (its
 * key and contact). Adding is insert-if-absent; two transactions racing on one term only leave a harmless duplicate.
 */
final class SearchIndex implements AutoCloseable {
    static final String INSERT = "insert into search_terms (term, conversation_id) select cast(? as varchar(40)), "
            + "cast(? as bigint) where not exists (select 1 from search_terms where term = ? and conversation_id = ?)";
    private final PreparedStatement insert;
    private int pending;

    SearchIndex(Connection connection) throws SQLException {
        this.insert = connection.prepareStatement(INSERT);
    }

    void add(long conversationId, Collection<String> terms) throws SQLException {
        for (var term : terms) {
            insert.setString(1, term);
            insert.setLong(2, conversationId);
            insert.setString(3, term);
            insert.setLong(4, conversationId);
            insert.addBatch();
            pending++;
        }
    }

    void flush() throws SQLException {
        if (pending > 0) insert.executeBatch();
        pending = 0;
    }

    /** The terms of a conversation's key and its contact's address and name. */
    static java.util.Set<String> conversationTerms(String key, String address, String displayName) {
        var terms = new java.util.LinkedHashSet<String>(SearchTerms.ofAddress(address));
        terms.addAll(SearchTerms.ofAddress(key));
        terms.addAll(SearchTerms.of(displayName));
        return terms;
    }

    /** Indexes a whole store (migration of an existing store): every conversation, then every message to index. */
    static void rebuild(Connection connection) throws SQLException {
        try (var st = connection.createStatement()) {
            st.execute("delete from search_terms");
        }
        try (var index = new SearchIndex(connection);
             var st = connection.createStatement();
             var rows = st.executeQuery("select c.id, c.conv_key, ct.address, ct.display_name from conversations c "
                     + "join contacts ct on ct.id = c.contact_id")) {
            while (rows.next()) {
                index.add(rows.getLong(1), conversationTerms(rows.getString(2), rows.getString(3), rows.getString(4)));
                if (index.pending > 5000) index.flush();
            }
            index.flush();
        }
        try (var index = new SearchIndex(connection);
             var st = connection.createStatement()) {
            st.setFetchSize(2000);
            try (var rows = st.executeQuery("select conversation_id, text from messages where direction = 'IN' or "
                    + "(actor is not null and actor <> 'system')")) {
                while (rows.next()) {
                    index.add(rows.getLong(1), SearchTerms.of(rows.getString(2)));
                    if (index.pending > 5000) index.flush();
                }
            }
            index.flush();
        }
    }

    @Override
    public void close() throws SQLException {
        insert.close();
    }
}
