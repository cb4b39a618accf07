package dev.parley.domain.safety;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * An outbound message that points someone to crisis support — a helpline by name or number and an invitation to
 * use it ("If you are thinking about suicide, please call or text 988") — is what an operator should send to a
 * person at risk, so it is not a self-harm trigger (issue 35). It still names suicide, so the lexicon and the
 * learned head would otherwise hard-deny it. Only outbound: an inbound "I called 988 and I still want to die" is
 * judged on its words as ever.
 */
final class CrisisResources {
    /** Helplines by number or name: 988 (US/Canada), 741741 (Crisis Text Line), 116 123 (Samaritans), 13 11 14. */
    private static final Pattern HELPLINE = Pattern.compile("(?<![\\d])(?:988|741741|116 ?123|13 ?11 ?14)(?![\\d])"
            + "|\\b(?:crisis (?:line|lifeline|text line|hotline|helpline|team|centre|center|service)|lifeline"
            + "|helpline|hotline|samaritans|befrienders|suicide prevention)\\b");
    /** An invitation to use it. */
    private static final Pattern INVITATION = Pattern.compile("\\b(?:call|calling|ring|dial|text|texting|chat|"
            + "reach out|reach|contact|talk to|speak to|speak with|talk with|visit|available)\\b");

    private CrisisResources() {
    }

    /** True when {@code text} names a helpline and invites the reader to use it. */
    static boolean offered(String text) {
        if (text == null || text.isBlank()) return false;
        var lower = text.toLowerCase(Locale.ROOT).replace('\u2019', '\'');
        return HELPLINE.matcher(lower).find() && INVITATION.matcher(lower).find();
    }
}
