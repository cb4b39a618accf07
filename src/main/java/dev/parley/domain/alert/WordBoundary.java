package dev.parley.domain.alert;

/**
 * Word boundaries as Parley defines them: letters, digits and '_' are word characters (Unicode
 * aware, unlike RE2's ASCII {@code \b}). An edge that is itself a non-word character (the leading
 * apostrophe of "'s will") needs no boundary, as with regex {@code \b}.
 */
public final class WordBoundary {
    private WordBoundary() {
    }

    /** True when {@code c} is part of a word. */
    public static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /** True when {@code text[start, end)} neither starts nor ends inside a word. */
    public static boolean surrounds(CharSequence text, int start, int end) {
        boolean left = start == 0 || !isWordChar(text.charAt(start)) || !isWordChar(text.charAt(start - 1));
        boolean right = end == text.length() || !isWordChar(text.charAt(end - 1)) || !isWordChar(text.charAt(end));
        return left && right;
    }
}
