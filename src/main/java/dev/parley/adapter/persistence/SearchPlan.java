package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * How a search reaches its conversations. A word found in few conversations (at most {@value #LOOKUP_LIMIT}) is the
 * anchor: its conversations are looked up by id and ordered. Words found everywhere would make that look-up and sort
 * the slow part, so without such a word the queue is read in its own index order and each conversation is checked
 * against the terms (index {@code (conversation_id, term)}, V102), stopping at the end of the page.
 */
final class SearchPlan {
    static final int LOOKUP_LIMIT = 2000;

    private SearchPlan() {
    }

    /** The query's word with the fewest conversations if it has at most {@code limit}, else null. */
    static String anchor(Connection c, String query, int limit) throws SQLException {
        String best = null;
        long fewest = Long.MAX_VALUE;
        for (var word : SearchTerms.query(query)) {
            long n = matches(c, word, limit);
            if (n < fewest) {
                fewest = n;
                best = word;
            }
        }
        return fewest <= limit ? best : null;
    }

    /** Conversations of {@code word} in the terms index, counted up to one past {@code limit}. */
    private static long matches(Connection c, String word, int limit) throws SQLException {
        try (var st = c.prepareStatement("select count(*) from (select t.conversation_id from search_terms t where "
                + "t.term " + operator(word) + " fetch first " + (limit + 1) + " rows only) m")) {
            st.setString(1, value(word));
            try (var rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** A word matches a term equal to it or, from {@value SearchTerms#PREFIX_FROM} characters, beginning with it. */
    static String operator(String word) {
        return word.length() >= SearchTerms.PREFIX_FROM ? "like ?" : "= ?";
    }

    static String value(String word) {
        return word.length() >= SearchTerms.PREFIX_FROM ? word + "%" : word;
    }
}
