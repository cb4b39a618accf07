package dev.parley.domain.assistant;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The offline model's {@code recall_params} answer: only a message that refers back to the conversation ("what did I
 * say about…", "remember my order", "yesterday") asks for recall; its keywords are its content words, and words like
 * "yesterday" or "last week" bound the time range. Anything else: no keywords, so enrichment is skipped.
 */
public final class RecallCues {
    private static final Pattern CUE = Pattern.compile("\\b(remember|recall|earlier|before|last time|previously|you said"
            + "|i said|i told you|i mentioned|i wrote|we talked|we discussed|we spoke|did i|what did|my last"
            + "|yesterday|last week|last month|this morning|days? ago|weeks? ago|again)\\b");
    private static final Pattern DAYS_AGO = Pattern.compile("\\b(\\d{1,2}|two|three|four|five|six|seven) days? ago\\b");

    private RecallCues() {
    }

    public static RecallParams extract(String text, Instant now, ZoneId zone) {
        var lower = text == null ? "" : text.toLowerCase(Locale.ROOT).replace('\u2019', '\'');
        if (!CUE.matcher(lower).find()) return RecallParams.none();
        var keywords = Keywords.of(lower, 6);
        var today = now.atZone(zone).toLocalDate().atStartOfDay(zone).toInstant();
        Optional<Instant> from = Optional.empty();
        Optional<Instant> to = Optional.empty();
        var daysAgo = DAYS_AGO.matcher(lower);
        if (lower.contains("yesterday")) {
            from = Optional.of(today.minus(Duration.ofDays(1)));
            to = Optional.of(today);
        } else if (daysAgo.find()) {
            int n = number(daysAgo.group(1));
            from = Optional.of(today.minus(Duration.ofDays(n)));
            to = Optional.of(today.minus(Duration.ofDays(n - 1L)));
        } else if (lower.contains("this morning") || lower.contains("today")) {
            from = Optional.of(today);
            to = Optional.of(now);
        } else if (lower.contains("last week")) {
            from = Optional.of(now.minus(Duration.ofDays(7)));
            to = Optional.of(now);
        } else if (lower.contains("last month")) {
            from = Optional.of(now.minus(Duration.ofDays(31)));
            to = Optional.of(now);
        }
        return new RecallParams(keywords, from, to);
    }

    private static int number(String word) {
        return switch (word) {
            case "two" -> 2;
            case "three" -> 3;
            case "four" -> 4;
            case "five" -> 5;
            case "six" -> 6;
            case "seven" -> 7;
            default -> Math.max(1, Integer.parseInt(word));
        };
    }
}
