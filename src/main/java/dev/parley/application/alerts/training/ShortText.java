package dev.parley.application.alerts.training;

import java.util.regex.Pattern;

/**
 * Cleans the markup the public data sets carry and Parley's messages do not: HTML entities (both sets), and in
 * tweets the retweet marker, @handles and links, so a head cannot learn "looks like a 2017 tweet" instead of
 * what the text says.
 */
final class ShortText {
    private static final Pattern NUMERIC_ENTITY = Pattern.compile("&#(\\d{1,6});");
    private static final Pattern RETWEET = Pattern.compile("(^|\\s)RT(?=\\s|:|$)");
    private static final Pattern HANDLE = Pattern.compile("@\\w+:?");
    private static final Pattern LINK = Pattern.compile("https?://\\S+");
    private static final Pattern SPACE = Pattern.compile("\\s+");

    /** How much of a long post the heads read: its beginning, about the length of a long SMS or tweet. */
    public static final int POST_CHARACTERS = 300;

    private ShortText() {
    }

    /**
     * The first {@link #POST_CHARACTERS} characters of {@code text}, white space runs made one space, cut at the
     * last space before the limit (unless that would keep less than half of it).
     */
    static String beginning(String text) {
        var flat = SPACE.matcher(text).replaceAll(" ").strip();
        if (flat.length() <= POST_CHARACTERS) return flat;
        int cut = POST_CHARACTERS;
        if (Character.isLowSurrogate(flat.charAt(cut))) cut--;
        int space = flat.lastIndexOf(' ', cut);
        return (space > POST_CHARACTERS / 2 ? flat.substring(0, space) : flat.substring(0, cut)).strip();
    }

    static String post(String text) {
        return entities(text).strip();
    }

    static String tweet(String text) {
        var cleaned = LINK.matcher(entities(text)).replaceAll(" ");
        cleaned = HANDLE.matcher(cleaned).replaceAll(" ");
        cleaned = RETWEET.matcher(cleaned).replaceAll(" ");
        cleaned = SPACE.matcher(cleaned).replaceAll(" ").strip();
        while (cleaned.startsWith("!") || cleaned.startsWith(":") || cleaned.startsWith("\"")) {
            cleaned = cleaned.substring(1).strip();
        }
        return cleaned;
    }

    static String sms(String text) {
        return entities(text).strip();
    }

    private static String entities(String text) {
        var numeric = NUMERIC_ENTITY.matcher(text);
        var out = new StringBuilder();
        while (numeric.find()) {
            int code = Integer.parseInt(numeric.group(1));
            numeric.appendReplacement(out, Character.isValidCodePoint(code)
                    ? java.util.regex.Matcher.quoteReplacement(Character.toString(code)) : " ");
        }
        numeric.appendTail(out);
        return out.toString().replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
                .replace("&#39;", "'").replace("&amp;", "&");
    }
}
