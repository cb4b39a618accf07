package dev.parley.application;

/**
 * JSON strings written as Jackson's generator writes them with its default settings, for the hand-written writers
 * whose characters must be the mapper's ({@code JsonDocuments}, {@code RequestHash}): the quote, the backslash and the
 * control characters escaped (short escapes for backspace, tab, newline, form feed and carriage return, else a
 * six-character escape with upper-case hex digits), everything else as it is.
 */
public final class JsonStrings {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private JsonStrings() {
    }

    /** Appends {@code s} to {@code b} as a quoted, escaped JSON string. */
    public static void appendQuoted(StringBuilder b, String s) {
        b.append('"');
        int from = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') continue;
            b.append(s, from, i);
            from = i + 1;
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\b' -> b.append("\\b");
                case '\t' -> b.append("\\t");
                case '\n' -> b.append("\\n");
                case '\f' -> b.append("\\f");
                case '\r' -> b.append("\\r");
                default -> b.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        b.append(s, from, s.length()).append('"');
    }

    /** Appends {@code d} as the generator writes a double: {@link Double#toString}, quoted when it is not finite. */
    public static void appendNumber(StringBuilder b, double d) {
        if (Double.isFinite(d)) {
            b.append(Double.toString(d));
        } else {
            b.append('"').append(Double.toString(d)).append('"');
        }
    }
}
