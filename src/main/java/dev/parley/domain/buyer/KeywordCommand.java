package dev.parley.domain.buyer;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The keyword handler's reading of a buyer message, before the pipeline (seed 003 TCPA rules and the issue's
 * list), on normalised text: trimmed, one case, punctuation and repeated spaces removed. The whole message must be
 * the keyword ("Stop." and "STOP ALL" are; "don't stop searching" is not), plus a few unmistakable phrasings of an
 * opt-out.
 */
public enum KeywordCommand {
    OPT_OUT, HELP, RESUME, NONE;

    private static final Set<String> OPT_OUT_WORDS = Set.of("stop", "stopall", "stop all", "unsubscribe", "cancel",
            "end", "quit", "revoke", "optout", "opt out", "stop please", "please stop", "stop it", "stop texting",
            "stop texting me", "stop messaging me", "unsubscribe me", "remove me", "remove me from your list",
            "take me off your list", "do not text me", "dont text me", "opt me out");
    private static final Set<String> HELP_WORDS = Set.of("help", "info");
    private static final Set<String> RESUME_WORDS = Set.of("start", "yes", "unstop");
    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N} ]+");

    public static String normalise(String text) {
        if (text == null) return "";
        var t = text.toLowerCase(Locale.ROOT).replace("’", "'").replace("'", "");
        t = NOT_WORD.matcher(t).replaceAll(" ");
        return t.strip().replaceAll("\\s+", " ");
    }

    /**
     * The command of a message. START / YES / UNSTOP resume only an opted-out buyer: from anyone else "yes" is an
     * answer for the pipeline, so it reads NONE.
     */
    public static KeywordCommand of(String text, boolean optedOut) {
        var t = normalise(text);
        if (OPT_OUT_WORDS.contains(t)) return OPT_OUT;
        if (HELP_WORDS.contains(t)) return HELP;
        if (optedOut && RESUME_WORDS.contains(t)) return RESUME;
        return NONE;
    }
}
