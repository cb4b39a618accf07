package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.regex.Pattern;

/**
 * How a search reaches its conversations. A word found in few conversations (at most {@value #LOOKUP_LIMIT}) is the
 * anchor: its conversations are looked up by id and ordered. Words found everywhere would make that look-up and sort
 * the slow part, so without such a word the queue is read in its own index order and each conversation is checked
 * against the terms (index {@code (conversation_id, term)}, V102), stopping at the end of the page.
 */
final class SearchPlan {
    static final int LOOKUP_LIMIT = 2000;
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

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
                + match("t", word) + " fetch first " + (limit + 1) + " rows only) m");
             var rs = st.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * The condition on {@code alias.term}: equal to {@code word}, or from {@value SearchTerms#PREFIX_FROM} characters
     * beginning with it. The word is written into the SQL as a literal: H2 reads a LIKE's prefix as an index range only
     * when the pattern is known at prepare time (with a parameter it scans the whole index). That is safe because a
     * search word is letters and digits only ({@link SearchTerms#query}); anything else is refused.
     */
    static String match(String alias, String word) {
        if (!WORD.matcher(word).matches()) throw new IllegalArgumentException("not a search word");
        return word.length() >= SearchTerms.PREFIX_FROM ? alias + ".term like '" + word + "%'"
                : alias + ".term = '" + word + "'";
    }
}
