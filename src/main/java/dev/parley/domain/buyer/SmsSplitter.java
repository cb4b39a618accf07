package dev.parley.domain.buyer;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Splits a text that is too long for one SMS into consecutive messages of at most {@code limit} characters, at
 * sentence ends where it can, else at spaces, never inside a word shorter than the limit (seed 003's sequential
 * messages). Nothing is dropped, reworded or numbered: the parts joined by single spaces are the text again, with
 * its whitespace runs collapsed.
 */
public final class SmsSplitter {
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?…])\\s+|\\n+");

    private SmsSplitter() {
    }

    public static List<String> split(String text, int limit) {
        if (limit < 20) throw new IllegalArgumentException("limit " + limit);
        var parts = new ArrayList<String>();
        var current = new StringBuilder();
        for (var sentence : SENTENCE_END.split(text.strip())) {
            var s = sentence.strip().replaceAll("\\s+", " ");
            if (s.isEmpty()) continue;
            if (fits(current, s, limit)) {
                append(current, s);
                continue;
            }
            flush(current, parts);
            if (s.length() <= limit) {
                current.append(s);
                continue;
            }
            for (var word : s.split(" ")) {
                while (word.length() > limit) {
                    flush(current, parts);
                    parts.add(word.substring(0, limit));
                    word = word.substring(limit);
                }
                if (!fits(current, word, limit)) flush(current, parts);
                append(current, word);
            }
        }
        flush(current, parts);
        return List.copyOf(parts);
    }

    private static boolean fits(StringBuilder current, String next, int limit) {
        return current.length() + (current.isEmpty() ? 0 : 1) + next.length() <= limit;
    }

    private static void append(StringBuilder current, String next) {
        if (!current.isEmpty()) current.append(' ');
        current.append(next);
    }

    private static void flush(StringBuilder current, List<String> parts) {
        if (!current.isEmpty()) parts.add(current.toString());
        current.setLength(0);
    }
}
