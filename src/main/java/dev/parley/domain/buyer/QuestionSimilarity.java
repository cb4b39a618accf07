package dev.parley.domain.buyer;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * How alike two buyer questions are, for the answered-question cache layers: the overlap (Jaccard) of their content
 * words, lightly stemmed, with the property's own words left out. Text similarity until Parley has embeddings.
 */
public final class QuestionSimilarity {
    /** At or above this, a stored answer answers the new question. */
    public static final double SAME_QUESTION = 0.5;

    private static final Set<String> STOP = Set.of("a", "an", "the", "is", "are", "was", "were", "be", "there", "it",
            "its", "this", "that", "these", "those", "do", "does", "did", "can", "could", "will", "would", "should",
            "i", "we", "you", "they", "our", "my", "your", "me", "us", "to", "of", "in", "on", "at", "for", "with",
            "and", "or", "any", "about", "what", "how", "whats", "have", "has", "place", "space", "property",
            "building", "warehouse", "one", "also", "just", "ok", "so", "if", "by", "from", "up", "out", "get");

    private QuestionSimilarity() {
    }

    public static double of(String a, String b) {
        var x = words(a);
        var y = words(b);
        if (x.isEmpty() || y.isEmpty()) return 0;
        var both = new HashSet<>(x);
        both.retainAll(y);
        var either = new HashSet<>(x);
        either.addAll(y);
        return (double) both.size() / either.size();
    }

    public static boolean same(String a, String b) {
        return of(a, b) >= SAME_QUESTION;
    }

    static Set<String> words(String text) {
        var words = new HashSet<String>();
        if (text == null) return words;
        for (var w : text.toLowerCase(Locale.ROOT).replace("'", "").split("[^a-z0-9/]+")) {
            if (w.isEmpty() || STOP.contains(w)) continue;
            words.add(stem(w));
        }
        return words;
    }

    static String stem(String w) {
        if (w.length() > 5 && w.endsWith("ing")) return w.substring(0, w.length() - 3);
        if (w.length() > 4 && w.endsWith("ed")) return w.substring(0, w.length() - 2);
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.substring(0, w.length() - 1);
        return w;
    }
}
