package dev.parley.domain.alert;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The normal form Parley matches on: lower case (root locale), typographic apostrophes made
 * straight, every whitespace run one space, trimmed. Phrases in the patterns file get the same
 * treatment, so "I’d  HATE" and "i'd hate" are the same text.
 */
public final class TextNormalization {
    // Linear-time, fixed patterns (no user input), so java.util.regex is fine here.
    private static final Pattern WHITESPACE = Pattern.compile("[\\s\\u00A0\\u2007\\u202F]+");
    private static final Pattern APOSTROPHES = Pattern.compile("[\\u2018\\u2019\\u02BC\\u0060\\u00B4]");

    private TextNormalization() {
    }

    /** The normal form of {@code text}. */
    public static String normalize(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        String straight = APOSTROPHES.matcher(lower).replaceAll("'");
        return WHITESPACE.matcher(straight).replaceAll(" ").strip();
    }
}
