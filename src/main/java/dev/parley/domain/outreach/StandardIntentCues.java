package dev.parley.domain.outreach;

import java.util.ArrayList;
import java.util.List;

import static dev.parley.domain.outreach.Intent.NEGATIVE;
import static dev.parley.domain.outreach.Intent.NEUTRAL;
import static dev.parley.domain.outreach.Intent.NOT_INTERESTED;
import static dev.parley.domain.outreach.Intent.POLITE;
import static dev.parley.domain.outreach.Intent.PRODUCTIVE;
import static dev.parley.domain.outreach.Intent.STOP;

/**
 * The word lists behind {@link RuleBasedIntentClassifier#standard()}. Documented, with the
 * decision rules, in {@code docs/playbooks/outreach-intents.md}; keep the two in step.
 */
public final class StandardIntentCues {

    /** Years 1600-2029: a reply mentioning one is almost always sharing family history. */
    static final String YEAR = "(?<![0-9])(1[6-9][0-9]{2}|20[0-2][0-9])(?![0-9])";
    static final String RELATIVE = "(great[- ])*(grand)?(mother|father|parents?|mum|mom|dad|ma|pa|aunt|uncle"
            + "|son|daughter)|grandma|grandpa|granny|nana|cousins?|niece|nephew|brother|sister|siblings?";

    private StandardIntentCues() {
    }

    /** Every cue, grouped by intent. */
    public static List<IntentCue> all() {
        List<IntentCue> cues = new ArrayList<>();
        cues.addAll(stop());
        cues.addAll(negative());
        cues.addAll(notInterested());
        cues.addAll(productive());
        cues.addAll(polite());
        cues.addAll(neutral());
        return List.copyOf(cues);
    }

    static List<IntentCue> stop() {
        List<IntentCue> cues = new ArrayList<>(phrases(STOP,
                "unsubscribe", "remove me", "take me off", "opt out", "opt-out",
                "don't contact", "do not contact", "don't message", "do not message", "don't write",
                "do not write", "don't email", "do not email", "never contact", "no more messages",
                "no further contact", "cease and desist", "please stop", "stop it"));
        cues.add(IntentCue.regex(STOP, "stop messaging/contacting me",
                "(?<![a-z])stop (messaging|contacting|sending|emailing|writing|texting|bothering)"));
        // A bare "stop" is the universal opt-out keyword; "stop" inside a sentence is not.
        cues.add(IntentCue.regex(STOP, "stop", "^\\W*stop\\W*$"));
        return cues;
    }

    /** Hostility: seed 000's Desist is for an explicit no-contact request (STOP) or hostility. */
    static List<IntentCue> negative() {
        return phrases(NEGATIVE,
                "leave me alone", "go away", "get lost", "none of your business", "waste of time",
                "don't bother", "do not bother", "how dare you", "creepy", "shut up", "buzz off");
    }

    /** A decline without hostility: the seed's NOT_INTERESTED, which concludes the conversation politely. */
    static List<IntentCue> notInterested() {
        List<IntentCue> cues = new ArrayList<>(phrases(NOT_INTERESTED,
                "not interested", "no interest", "not into", "not really into", "no thank you", "not for me",
                "don't want to", "do not want to", "not willing", "rather not", "prefer not to",
                "not comfortable", "won't share", "will not share", "not going to share", "not my thing",
                "i'll pass", "i will pass", "not at this time", "not right now", "no time for"));
        cues.add(IntentCue.regex(NOT_INTERESTED, "no thanks", "(?<![a-z])no,? thanks(?![a-z])"));
        return cues;
    }

    static List<IntentCue> productive() {
        List<IntentCue> cues = new ArrayList<>(phrases(PRODUCTIVE,
                "yes", "yeah", "of course", "absolutely", "happy to help", "glad to help",
                "happy to share", "love to", "would be happy", "i'd be happy", "sounds good", "interested",
                "family tree", "my tree", "our tree", "ancestor", "ancestors", "ancestry", "my family",
                "our family", "side of the family", "related", "common ancestor", "shared match",
                "family bible", "bible", "photo", "photos", "photograph", "certificate", "letters",
                "diary", "census", "records"));
        // "not sure" is hesitation, not agreement.
        cues.add(IntentCue.regex(PRODUCTIVE, "sure", "(?<![a-z])(?<!not )(?<!not so )sure(?![a-z])"));
        cues.add(IntentCue.regex(PRODUCTIVE, "my <relative>", "(?<![a-z])(my|our|her|his) (" + RELATIVE + ")(?![a-z])"));
        cues.add(IntentCue.regex(PRODUCTIVE, "mother's/father's side", "(mother|father|mum|mom|dad)'?s side"));
        cues.add(IntentCue.regex(PRODUCTIVE, "life event",
                "(?<![a-z])(born|married|died|bapti[sz]ed|christened|buried|emigrated|immigrated)(?![a-z])"));
        cues.add(IntentCue.regex(PRODUCTIVE, "year", YEAR));
        cues.add(IntentCue.regex(PRODUCTIVE, "offer to send/share",
                "(?<![a-z])(i can|i could|i'?ll|i will|let me) (send|share|scan|look|check|ask)(?![a-z])"));
        cues.add(IntentCue.regex(PRODUCTIVE, "question back", "\\?"));
        return cues;
    }

    static List<IntentCue> polite() {
        return phrases(POLITE,
                "thanks", "thank you", "thx", "appreciate", "kind of you", "nice to hear", "good luck",
                "best wishes", "kind regards", "regards", "cheers", "all the best", "have a nice day",
                "have a good day", "nice to meet you", "thank you for reaching out", "best of luck");
    }

    static List<IntentCue> neutral() {
        return phrases(NEUTRAL,
                "ok", "okay", "k", "noted", "got it", "received", "fine", "will do", "seen",
                "understood", "alright", "hmm", "hm");
    }

    private static List<IntentCue> phrases(Intent intent, String... phrases) {
        List<IntentCue> cues = new ArrayList<>();
        for (String p : phrases) {
            cues.add(IntentCue.phrase(intent, p));
        }
        return cues;
    }
}
