package dev.parley.domain.assistant;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Content words of a text: lower case, three letters or more, no stop words, first-mention order. */
public final class Keywords {
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}'_-]*");
    private static final Set<String> STOP = Set.of(
            "the", "and", "for", "are", "but", "not", "you", "your", "yours", "with", "have", "has", "had", "this",
            "that", "these", "those", "was", "were", "will", "would", "could", "should", "can", "did", "does", "done",
            "what", "when", "where", "which", "who", "whom", "why", "how", "about", "from", "into", "onto", "over",
            "there", "their", "them", "they", "then", "than", "our", "ours", "out", "all", "any", "some", "just",
            "also", "very", "much", "many", "more", "most", "been", "being", "its", "it's", "i'm", "i've", "i'd",
            "i'll", "you're", "we're", "let", "lets", "let's", "please", "thanks", "thank", "hello", "hey", "hi",
            "yes", "yeah", "okay", "tell", "know", "need", "want", "like", "get", "got", "give", "make", "say",
            "said", "told", "mention", "mentioned", "remember", "earlier", "before", "last", "time", "ago", "again",
            "yesterday", "today", "tomorrow", "week", "month", "morning", "evening", "talked", "discussed", "wrote",
            "asked", "previously", "something", "anything", "thing", "things", "one", "way", "now", "here", "still",
            "her", "his", "him", "she", "myself", "yourself", "ask", "question", "message", "messages");

    private Keywords() {
    }

    public static List<String> of(String text) {
        return of(text, Integer.MAX_VALUE);
    }

    public static List<String> of(String text, int limit) {
        var words = new LinkedHashSet<String>();
        if (text == null) return List.of();
        // Redaction placeholders ([EMAIL], [CARD], …) are not words of the message.
        var m = WORD.matcher(text.replaceAll("\\[[A-Z]+]", " ").toLowerCase(Locale.ROOT).replace('\u2019', '\''));
        while (m.find() && words.size() < limit) {
            var w = m.group();
            if (w.startsWith("[") || w.length() < 3 || STOP.contains(w) || w.chars().allMatch(Character::isDigit)) {
                continue;
            }
            words.add(w);
        }
        return new ArrayList<>(words);
    }

    /** How many of {@code keywords} occur in {@code text} (as words or word starts). */
    public static int hits(List<String> keywords, String text) {
        if (text == null || keywords.isEmpty()) return 0;
        var lower = text.toLowerCase(Locale.ROOT);
        int hits = 0;
        for (var k : keywords) {
            if (Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(k)).matcher(lower).find()) hits++;
        }
        return hits;
    }
}
