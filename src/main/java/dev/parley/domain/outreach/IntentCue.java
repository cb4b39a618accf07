package dev.parley.domain.outreach;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One rule of the {@link RuleBasedIntentClassifier}: if {@code pattern} is found in the
 * normalised (lower-cased, straight-apostrophe) reply, the reply shows a sign of {@code intent}.
 *
 * @param label what the operator sees in the verdict's reason
 */
public record IntentCue(Intent intent, String label, Pattern pattern, String anchor) {

    /**
     * @param anchor a literal every match contains, checked before the pattern runs (most replies contain none
     *               of a cue's words, and a substring search is far cheaper than the regex); null to always run
     */
    public IntentCue {
        Objects.requireNonNull(intent, "intent");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(pattern, "pattern");
    }

    public IntentCue(Intent intent, String label, Pattern pattern) {
        this(intent, label, pattern, null);
    }

    /** Whether the pattern may match {@code text} at all. */
    boolean mayMatch(CharSequence text) {
        return anchor == null || text.toString().contains(anchor);
    }

    /**
     * A cue for a literal phrase matched on word boundaries, with any run of whitespace between
     * words and the apostrophe optional ({@code don't} also matches {@code dont}).
     */
    public static IntentCue phrase(Intent intent, String phrase) {
        StringBuilder regex = new StringBuilder("(?<![a-z0-9])");
        String[] words = phrase.strip().split("\\s+");
        for (int i = 0; i < words.length; i++) {
            if (i > 0) {
                regex.append("\\s+");
            }
            String[] parts = words[i].split("'", -1);
            for (int j = 0; j < parts.length; j++) {
                if (j > 0) {
                    regex.append("'?");
                }
                regex.append(Pattern.quote(parts[j]));
            }
        }
        regex.append("(?![a-z0-9])");
        var anchor = words[0].split("'", -1)[0];
        return new IntentCue(intent, phrase, Pattern.compile(regex.toString()), anchor.isEmpty() ? null : anchor);
    }

    /** A cue given as a regular expression over the normalised text. */
    public static IntentCue regex(Intent intent, String label, String regex) {
        return new IntentCue(intent, label, Pattern.compile(regex));
    }
}
