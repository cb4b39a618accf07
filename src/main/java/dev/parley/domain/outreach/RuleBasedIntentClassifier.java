package dev.parley.domain.outreach;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;

/**
 * Deterministic, offline {@link IntentClassifier} driven by {@link IntentCue}s.
 *
 * <p>Cues are looked for one intent at a time in the order STOP, NEGATIVE, NOT_INTERESTED, PRODUCTIVE,
 * POLITE, NEUTRAL; text matched by an earlier intent is blanked so "no thanks" does not also count as
 * polite and "not interested" not as productive. Then:
 * <ol>
 *   <li>any STOP cue → STOP (an opt-out wins over everything else);</li>
 *   <li>a NEGATIVE or NOT_INTERESTED cue together with a PRODUCTIVE one → UNCLEAR (conflicting; a human
 *       decides);</li>
 *   <li>otherwise the first intent with a cue among NEGATIVE, NOT_INTERESTED, PRODUCTIVE, POLITE, NEUTRAL (a
 *       polite decline, "thanks, but not interested", is NOT_INTERESTED);</li>
 *   <li>no cue at all → UNCLEAR.</li>
 * </ol>
 */
public final class RuleBasedIntentClassifier implements IntentClassifier {

    private static final List<Intent> ORDER = List.of(Intent.STOP, Intent.NEGATIVE, Intent.NOT_INTERESTED,
            Intent.PRODUCTIVE, Intent.POLITE, Intent.NEUTRAL);

    private final List<IntentCue> cues;

    public RuleBasedIntentClassifier(List<IntentCue> cues) {
        this.cues = List.copyOf(cues);
    }

    /** The classifier with {@link StandardIntentCues}. */
    public static RuleBasedIntentClassifier standard() {
        return new RuleBasedIntentClassifier(StandardIntentCues.all());
    }

    /** Classifications of recent replies (a pure function of the text and the cues, which do not change). */
    private final RecentTexts<ClassifiedIntent> recent = new RecentTexts<>(4_096);

    @Override
    public ClassifiedIntent classify(String replyText) {
        return recent.get(replyText, this::classifyNow);
    }

    private ClassifiedIntent classifyNow(String replyText) {
        String text = normalise(Objects.requireNonNullElse(replyText, ""));
        if (text.isBlank()) {
            return new ClassifiedIntent(Intent.UNCLEAR, "empty reply");
        }
        Map<Intent, List<String>> hits = new EnumMap<>(Intent.class);
        StringBuilder remaining = new StringBuilder(text);
        String original = text;
        for (Intent intent : ORDER) {
            List<int[]> spans = new ArrayList<>();
            for (IntentCue cue : cues) {
                if (cue.intent() != intent || !cue.mayMatch(original)) {
                    continue;
                }
                Matcher m = cue.pattern().matcher(remaining);
                if (m.find()) {
                    hits.computeIfAbsent(intent, i -> new ArrayList<>()).add(cue.label());
                    do {
                        spans.add(new int[] {m.start(), m.end()});
                    } while (m.find());
                }
            }
            // Blank after the whole intent so cues of the same intent may overlap.
            for (int[] span : spans) {
                for (int i = span[0]; i < span[1]; i++) {
                    remaining.setCharAt(i, ' ');
                }
            }
        }

        if (hits.containsKey(Intent.STOP)) {
            return verdict(Intent.STOP, hits);
        }
        for (Intent declining : List.of(Intent.NEGATIVE, Intent.NOT_INTERESTED)) {
            if (hits.containsKey(declining) && hits.containsKey(Intent.PRODUCTIVE)) {
                return new ClassifiedIntent(Intent.UNCLEAR, "conflicting cues: " + declining + " "
                        + quoted(hits.get(declining)) + " and PRODUCTIVE " + quoted(hits.get(Intent.PRODUCTIVE)));
            }
        }
        for (Intent intent : ORDER) {
            if (hits.containsKey(intent)) {
                return verdict(intent, hits);
            }
        }
        return new ClassifiedIntent(Intent.UNCLEAR, "no recognised cue");
    }

    private static ClassifiedIntent verdict(Intent intent, Map<Intent, List<String>> hits) {
        return new ClassifiedIntent(intent, "matched " + intent + " " + quoted(hits.get(intent)));
    }

    private static String quoted(List<String> labels) {
        return "'" + String.join("', '", labels) + "'";
    }

    /** Lower-case and straighten typographic apostrophes so cues are written once. */
    static String normalise(String text) {
        return text.toLowerCase(Locale.ROOT).replace('\u2019', '\'').replace('\u2018', '\'');
    }
}
