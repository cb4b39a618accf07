package dev.parley.domain.safety;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The deterministic soft rewrite: sentences carrying a threat or a payment demand (harassment, financial scam,
 * self-harm hits, and hits of entries marked {@code "rewrite": "drop_sentence"}, such as emotional blackmail: "you
 * will regret it") are dropped whole; pressure phrases (urgency, other emotional manipulation, spam hits) are cut out
 * of the sentences kept; whitespace and punctuation are tidied. What is left are the message's other facts. Cutting a
 * threat's consequence out of its sentence would leave the rest of the threat (issue 35: "… or we'll come to your
 * house and"); the validator checks every rewrite again before it may be sent.
 */
final class SafeText {
    private static final Set<RiskCategory> DROP_SENTENCE = EnumSet.of(RiskCategory.HARASSMENT,
            RiskCategory.FINANCIAL_SCAM, RiskCategory.SELF_HARM_TRIGGERS);
    private static final Set<RiskCategory> CUT_PHRASE = EnumSet.of(RiskCategory.URGENCY_ABUSE,
            RiskCategory.EMOTIONAL_MANIPULATION, RiskCategory.SPAM_ESCALATION);

    private SafeText() {
    }

    /** The rewrite of {@code content} without the given spans; empty when nothing safe is left. */
    static String rewrite(String content, List<Signals.Span> spans) {
        boolean[] removed = new boolean[content.length()];
        for (int[] sentence : sentences(content)) {
            for (Signals.Span s : spans) {
                if (dropsSentence(s) && s.start() < sentence[1] && s.end() > sentence[0]) {
                    for (int i = sentence[0]; i < sentence[1]; i++) removed[i] = true;
                }
            }
        }
        List<Signals.Span> cuts = new ArrayList<>(spans);
        cuts.sort(Comparator.comparingInt(Signals.Span::start));
        for (Signals.Span s : cuts) {
            if (CUT_PHRASE.contains(s.category())) {
                for (int i = Math.max(0, s.start()); i < Math.min(content.length(), s.end()); i++) removed[i] = true;
            }
        }
        StringBuilder kept = new StringBuilder();
        for (int i = 0; i < content.length(); i++) {
            if (!removed[i]) kept.append(content.charAt(i));
        }
        return tidy(kept.toString());
    }

    private static boolean dropsSentence(Signals.Span s) {
        return s.dropsSentence() || DROP_SENTENCE.contains(s.category());
    }

    /** Sentence spans {@code [start, end)}: each ends after its terminator run (. ! ? newline). */
    static List<int[]> sentences(String content) {
        List<int[]> result = new ArrayList<>();
        int start = 0;
        int i = 0;
        while (i < content.length()) {
            char c = content.charAt(i);
            if (c == '.' || c == '!' || c == '?' || c == '\n') {
                while (i < content.length() && ".!?\n".indexOf(content.charAt(i)) >= 0) i++;
                result.add(new int[] {start, i});
                start = i;
            } else {
                i++;
            }
        }
        if (start < content.length()) result.add(new int[] {start, content.length()});
        return result;
    }

    private static String tidy(String text) {
        String t = text.replaceAll("[\\s\\u00A0]+", " ")
                .replaceAll(" +([,.!?;:])", "$1")
                .replaceAll("([,;:])(?:\\s*[,;:])+", "$1")
                .replaceAll("^[\\s,.;:!?-]+", "")
                .replaceAll("[\\s,;:-]+$", "")
                .replaceAll("!{2,}", "!")
                .strip();
        boolean letters = t.chars().anyMatch(Character::isLetterOrDigit);
        if (!letters) return "";
        return Character.toUpperCase(t.charAt(0)) + t.substring(1);
    }
}
