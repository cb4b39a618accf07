package dev.parley.domain.buyer;

import java.util.HashMap;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Seed 003's Gatekeeper: 100 % deterministic validation of an outgoing buyer SMS, never a model. Checks, in order:
 * length, garbage (a character repeated more than 40 times in a row, letters under 40 % of the visible characters,
 * a word more than 5 times), PII leak (more than one phone number or e-mail address), profanity, and the context
 * checks of the message's kind. Added: no unfilled template slot, and never "Reply 1, 2, 3".
 */
public final class Gatekeeper {
    static final int MAX_CHAR_RUN = 40;
    static final double MIN_LETTER_RATIO = 0.40;
    static final int MAX_WORD_REPEATS = 5;

    private static final Pattern PHONE = Pattern.compile("(?<![\\w$.])(?:\\+?1[\\s.-]?)?\\(?\\d{3}\\)?[\\s.-]?\\d{3}"
            + "[\\s.-]?\\d{4}(?!\\d)");
    private static final Pattern EMAIL = Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");
    private static final Pattern PROFANITY = Pattern.compile("\\b(?:f+u+c+k\\w*|sh[i1]t\\w*|bitch\\w*|bastard\\w*|"
            + "asshole\\w*|cunt\\w*|dick(?:head)?s?|piss(?:ed)?|slut\\w*|whore\\w*|motherf\\w*|bullshit|damn(?:ed|it)?|"
            + "crap(?:py)?|wtf|stfu)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern URL = Pattern.compile("https?://\\S+|\\b[a-z0-9-]+\\.(?:co|com|io|app|link)/\\S+",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern SCHEDULING = Pattern.compile("\\b(?:schedul\\w*|tour|confirm\\w*|what time|"
            + "when works|availab\\w*|set (?:that|it) up|book\\w*|time slot|morning|afternoon)\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern TIME_COMMITMENT = Pattern.compile("\\b(?:within|hours?|minutes?|today|tonight|"
            + "tomorrow|by (?:morning|noon|end of day|\\d)|couple (?:of )?hours|this (?:morning|afternoon|evening))\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern NUMBERED_REPLY = Pattern.compile("\\breply\\s+(?:with\\s+)?(?:#\\s*)?\\d\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern SLOT = Pattern.compile("\\{[a-z_]+\\}|\\[(?:property|topic|city|name|address|"
            + "link|date|time|answer)\\]", Pattern.CASE_INSENSITIVE);
    private static final Set<String> COMMON = Set.of("the", "and", "for", "you", "with", "sqft", "dock", "doors",
            "available", "now", "in");

    private Gatekeeper() {
    }

    public static GatekeeperResult check(String text, SmsKind kind) {
        if (text == null || text.isBlank()) return GatekeeperResult.fail("empty", "write a message");
        if (text.length() > kind.limit()) {
            return GatekeeperResult.fail("too_long", "shorten to at most " + kind.limit() + " characters (now "
                    + text.length() + ")");
        }
        return checkContent(text, kind);
    }

    /**
     * Every check but the length: what a text split into several messages must pass as a whole (two e-mail
     * addresses are a leak even when they would land in different messages).
     */
    public static GatekeeperResult checkContent(String text, SmsKind kind) {
        if (text == null || text.isBlank()) return GatekeeperResult.fail("empty", "write a message");
        var garbage = garbage(text);
        if (garbage != null) return GatekeeperResult.fail("garbage", garbage);
        if (count(PHONE, text) > 1 || count(EMAIL, text) > 1) {
            return GatekeeperResult.fail("pii_leak", "remove phone numbers and e-mail addresses");
        }
        if (PROFANITY.matcher(text).find()) return GatekeeperResult.fail("profanity", "remove the profanity");
        if (SLOT.matcher(text).find()) return GatekeeperResult.fail("unfilled_slot", "fill or remove the placeholder");
        if (NUMBERED_REPLY.matcher(text).find()) {
            return GatekeeperResult.fail("numbered_reply", "ask naturally, never 'Reply 1, 2, 3'");
        }
        return switch (kind) {
            case COMMITMENT -> URL.matcher(text).find() ? GatekeeperResult.OK
                    : GatekeeperResult.fail("missing_link", "a commitment message must include the guarantee link");
            case TOUR -> URL.matcher(text).find() || SCHEDULING.matcher(text).find() ? GatekeeperResult.OK
                    : GatekeeperResult.fail("missing_scheduling", "a tour message needs a link or scheduling words");
            case ESCALATION_WAIT -> TIME_COMMITMENT.matcher(text).find() ? GatekeeperResult.OK
                    : GatekeeperResult.fail("missing_time_commitment", "say when the buyer will hear back");
            default -> GatekeeperResult.OK;
        };
    }

    static String garbage(String text) {
        int run = 1;
        for (int i = 1; i < text.length(); i++) {
            run = text.charAt(i) == text.charAt(i - 1) ? run + 1 : 1;
            if (run > MAX_CHAR_RUN) return "remove the repeated characters";
        }
        long visible = text.codePoints().filter(c -> !Character.isWhitespace(c)).count();
        long letters = text.codePoints().filter(Character::isLetter).count();
        if (visible > 0 && (double) letters / visible < MIN_LETTER_RATIO) return "write words, not symbols";
        var counts = new HashMap<String, Integer>();
        for (var w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}']+")) {
            if (w.length() < 3 || COMMON.contains(w)) continue;
            if (counts.merge(w, 1, Integer::sum) > MAX_WORD_REPEATS) return "do not repeat '" + w + "'";
        }
        return null;
    }

    private static int count(Pattern p, String text) {
        int n = 0;
        var m = p.matcher(text);
        while (m.find()) n++;
        return n;
    }
}
