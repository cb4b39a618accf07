package dev.parley.adapter.alerts;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Recognises a plain phrase alternation such as {@code (stop messaging|do not contact)}: one
 * optional outer group, alternatives of letters, digits, spaces, apostrophes, hyphens and commas
 * only. Those need no regex engine, so they go to Aho-Corasick; anything else is a real regex.
 */
final class PhraseAlternation {
    // Fixed, linear-time check on trusted input (the expression text), so java.util.regex is fine.
    private static final Pattern PLAIN = Pattern.compile("[\\p{L}\\p{N} ',\\-]+");

    private PhraseAlternation() {
    }

    /** The alternatives when {@code expression} is a plain alternation, otherwise empty. */
    static Optional<List<String>> parse(String expression) {
        String body = expression.strip();
        if (body.startsWith("(?:") && body.endsWith(")")) {
            body = body.substring(3, body.length() - 1);
        } else if (body.startsWith("(") && body.endsWith(")")) {
            body = body.substring(1, body.length() - 1);
        }
        List<String> phrases = new ArrayList<>();
        for (String alternative : body.split("\\|", -1)) {
            if (!isPlain(alternative)) {
                return Optional.empty();
            }
            phrases.add(alternative);
        }
        return Optional.of(List.copyOf(phrases));
    }

    /** True when {@code phrase} holds no regex syntax and at least one word character. */
    static boolean isPlain(String phrase) {
        return PLAIN.matcher(phrase).matches() && phrase.chars().anyMatch(c -> Character.isLetterOrDigit(c));
    }
}
