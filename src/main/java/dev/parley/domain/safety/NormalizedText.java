package dev.parley.domain.safety;

/**
 * The alert patterns' normal form ({@link dev.parley.domain.alert.TextNormalization}: lower case, straight
 * apostrophes, one space per whitespace run, trimmed) computed character by character, keeping for each
 * normalised character its index in the original, so hits can be cut out of the original text for the rewrite.
 */
record NormalizedText(String text, int[] origin) {

    static NormalizedText of(String original) {
        StringBuilder out = new StringBuilder(original.length());
        int[] map = new int[original.length() + 1];
        boolean pendingSpace = false;
        for (int i = 0; i < original.length(); i++) {
            char c = original.charAt(i);
            if (Character.isWhitespace(c) || c == '\u00A0' || c == '\u2007' || c == '\u202F') {
                pendingSpace = out.length() > 0;
                continue;
            }
            if (pendingSpace) {
                map[out.length()] = i - 1;
                out.append(' ');
                pendingSpace = false;
            }
            if (c == '\u2018' || c == '\u2019' || c == '\u02BC' || c == '\u0060' || c == '\u00B4') {
                c = '\'';
            }
            map[out.length()] = i;
            out.append(Character.toLowerCase(c));
        }
        int[] origin = new int[out.length() + 1];
        System.arraycopy(map, 0, origin, 0, out.length());
        origin[out.length()] = original.length();
        return new NormalizedText(out.toString(), origin);
    }

    /** The original index of normalised index {@code i} (i may equal the length). */
    int originalIndex(int i) {
        return origin[i];
    }

    /** The original end (exclusive) of a normalised span ending at {@code end} (exclusive). */
    int originalEnd(int end) {
        return end == 0 ? 0 : origin[end - 1] + 1;
    }
}
