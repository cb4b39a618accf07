package dev.parley.domain.safety;

import dev.parley.domain.alert.TermHit;
import dev.parley.domain.message.Direction;
import java.util.List;
import java.util.Set;

/**
 * Whether a message offers crisis resources (a helpline's name or number, "please call 988": the
 * {@code crisis_resources} of {@code safety.json}), and in whose voice its self-harm words are (issue 35). An
 * operator's "If you are having thoughts of suicide, please call 988" is help, not a trigger; "I called 988 but I
 * still want to die" is a person at risk.
 * <ul>
 *   <li>Outbound, a message that offers resources is not a self-harm trigger: neither its words nor the learned head
 *   raise the category (the sender is the one offering help).</li>
 *   <li>Inbound, its self-harm words do not count when none of them is in a sentence that speaks of the writer
 *   ({@code I}, {@code me}, {@code my}, …); the learned head is set aside only when no sentence of the message
 *   does.</li>
 * </ul>
 * Whatever the direction, a lexicon hit inside a resource ("text HOME to 741741" is no spam short code) is not a
 * signal. A pure function of the text.
 *
 * @param offered               the text names a crisis resource
 * @param selfHarmInFirstPerson a self-harm word is in a sentence in the first person
 * @param firstPerson           some sentence is in the first person
 */
record CrisisResources(boolean offered, boolean selfHarmInFirstPerson, boolean firstPerson) {
    static final CrisisResources NONE = new CrisisResources(false, false, false);

    private static final Set<String> FIRST_PERSON = Set.of("i", "i'm", "im", "i've", "ive", "i'd", "i'll",
            "me", "my", "myself", "mine");

    /** What the offer exempts from the self-harm category: the lexicon's words, the learned head's score. */
    record Exemption(boolean lexicon, boolean model) {
        static final Exemption NONE = new Exemption(false, false);
    }

    Exemption exemption(Direction direction) {
        if (!offered) return Exemption.NONE;
        if (direction == Direction.OUT) return new Exemption(true, true);
        return new Exemption(!selfHarmInFirstPerson, !firstPerson);
    }

    /**
     * The offer in {@code text} (normalised), given where its crisis resources and its self-harm words ({@code [start,
     * end)} each) are.
     */
    static CrisisResources of(String text, List<TermHit> resources, List<int[]> selfHarm) {
        if (resources.isEmpty()) return NONE;
        boolean inFirstPerson = false;
        for (int[] hit : selfHarm) {
            int from = sentenceStart(text, hit[0]);
            int to = sentenceEnd(text, hit[1]);
            inFirstPerson |= firstPerson(text.substring(from, to));
        }
        return new CrisisResources(true, inFirstPerson, firstPerson(text));
    }

    /** True when {@code [start, end)} overlaps one of {@code hits}. */
    static boolean overlaps(int start, int end, List<TermHit> hits) {
        for (TermHit h : hits) {
            if (start < h.end() && h.start() < end) return true;
        }
        return false;
    }

    private static boolean firstPerson(String text) {
        for (String word : text.split("[^\\p{L}']+")) {
            if (FIRST_PERSON.contains(word)) return true;
        }
        return false;
    }

    private static int sentenceStart(String text, int at) {
        int i = at;
        while (i > 0 && ".!?\n".indexOf(text.charAt(i - 1)) < 0) i--;
        return i;
    }

    private static int sentenceEnd(String text, int at) {
        int i = at;
        while (i < text.length() && ".!?\n".indexOf(text.charAt(i)) < 0) i++;
        return i;
    }
}
