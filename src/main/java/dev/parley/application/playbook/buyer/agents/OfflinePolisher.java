package dev.parley.application.playbook.buyer.agents;

import java.util.regex.Pattern;

/**
 * The offline Polisher: deterministic compression per the Gatekeeper's hint, more each round. It removes fluff
 * ("actually", "basically"), filler sentences and what the Gatekeeper objected to (profanity, extra numbers or
 * addresses, unfilled slots, "Reply 1, 2, 3"), writes numbers short (18,000 sqft → 18K sqft) and joins sentences.
 * It never adds information and keeps the opt-out aside.
 */
public final class OfflinePolisher implements PolisherAgent {
    private static final Pattern FLUFF = Pattern.compile("\\b(actually|basically|really|just|very|definitely|"
            + "honestly|literally|totally|simply|quite|certainly|absolutely|truly),?\\s+", Pattern.CASE_INSENSITIVE);
    private static final Pattern FILLER = Pattern.compile("\\s*(let me know if you have any (other )?questions|"
            + "feel free to (reach out|ask|text)[^.!?]*|hope (this|that) helps|i hope this helps|"
            + "thanks so much for (reaching out|your patience))[.!]?", Pattern.CASE_INSENSITIVE);
    private static final Pattern PROFANITY = Pattern.compile("\\s*\\b(?:f+u+c+k\\w*|sh[i1]t\\w*|bitch\\w*|"
            + "bastard\\w*|asshole\\w*|cunt\\w*|dick(?:head)?s?|piss(?:ed)?|slut\\w*|whore\\w*|motherf\\w*|bullshit|"
            + "damn(?:ed|it)?|crap(?:py)?|wtf|stfu)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern PHONE = Pattern.compile("\\s*(?:\\+?1[\\s.-]?)?\\(?\\d{3}\\)?[\\s.-]?\\d{3}"
            + "[\\s.-]?\\d{4}(?!\\d)");
    private static final Pattern EMAIL = Pattern.compile("\\s*[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");
    private static final Pattern SLOT = Pattern.compile("\\s*(\\{[a-z_]+\\}|\\[(?:property|topic|city|name|address|"
            + "link|date|time|answer)\\])", Pattern.CASE_INSENSITIVE);
    private static final Pattern NUMBERED_REPLY = Pattern.compile("[^.!?\\n]*\\breply\\s+(?:with\\s+)?(?:#\\s*)?\\d"
            + "[^.!?\\n]*[.!?]?", Pattern.CASE_INSENSITIVE);
    private static final Pattern THOUSANDS = Pattern.compile("\\b(\\d{1,3}),000\\b(?=\\s*(sqft|sq ft|square feet|sf))");
    private static final Pattern JOIN = Pattern.compile("\\.\\s+(And|But|So)\\s");
    private static final Pattern PARENTHETICAL = Pattern.compile("\\s*\\((?![^)]*STOP)[^)]*\\)");

    @Override
    public String polish(PolisherContext c) {
        var t = c.text();
        t = removeViolation(t, c.violation());
        t = FLUFF.matcher(t).replaceAll("");
        t = FILLER.matcher(t).replaceAll("");
        if (c.round() >= 2 || "too_long".equals(c.violation())) {
            t = THOUSANDS.matcher(t).replaceAll("$1K");
            t = t.replaceAll("(?i)square feet", "sqft").replaceAll("(?i)sq ft", "sqft")
                    .replaceAll("(?i)per square foot", "/sqft").replaceAll("(?i)approximately", "~")
                    .replaceAll("(?i)\\band\\b", "&");
        }
        if (c.round() >= 3) {
            t = PARENTHETICAL.matcher(t).replaceAll("");
            t = JOIN.matcher(t).replaceAll(m -> ", " + m.group(1).toLowerCase(java.util.Locale.ROOT) + " ");
        }
        return tidy(t);
    }

    private static String removeViolation(String t, String violation) {
        if (violation == null) return t;
        return switch (violation) {
            case "profanity" -> PROFANITY.matcher(t).replaceAll("");
            case "pii_leak" -> EMAIL.matcher(PHONE.matcher(t).replaceAll("")).replaceAll("");
            case "unfilled_slot" -> SLOT.matcher(t).replaceAll("");
            case "numbered_reply" -> NUMBERED_REPLY.matcher(t).replaceAll("");
            case "garbage" -> t.replaceAll("(.)\\1{3,}", "$1$1$1").replaceAll("(?i)\\b(\\w+)(\\s+\\1\\b)+", "$1");
            default -> t;
        };
    }

    static String tidy(String t) {
        var out = t.replaceAll("[ \\t]+", " ").replaceAll(" +([,.!?])", "$1").replaceAll("\\n ", "\n")
                .replaceAll("\\n{2,}", "\n").strip();
        // a removed first word ("Honestly that's…") leaves a sentence starting in lower case
        return SENTENCE_START.matcher(out).replaceAll(m -> m.group(1) + m.group(2).toUpperCase(java.util.Locale.ROOT));
    }

    private static final Pattern SENTENCE_START = Pattern.compile("(^|[.!?]\\s+|\\n)([a-z])");
}
