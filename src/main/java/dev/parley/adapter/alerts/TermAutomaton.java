package dev.parley.adapter.alerts;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collection;
import java.util.TreeSet;

/**
 * An Aho-Corasick automaton in flat arrays: one row of transitions per state over the characters the keywords use
 * (every other character leads back to the root), so a scan reads one array slot per character instead of walking
 * failure links through hash maps. It reports what {@code org.ahocorasick}'s trie reported (its default settings:
 * overlaps kept, case-sensitive): per end position, left to right, every keyword ending there, in keyword
 * ({@link String#compareTo}) order; empty keywords are ignored. Immutable once built, so thread-safe.
 */
final class TermAutomaton {
    private static final int ASCII = 128;
    /** The class of each ASCII character (0: used by no keyword). */
    private final int[] asciiClass;
    /** The non-ASCII characters the keywords use, sorted; character {@code high[i]} has class {@code ASCII + i}. */
    private final char[] high;
    private final int[] highClass;
    private final int width;
    /** {@code next[state * width + class]}: the state after reading a character of that class. */
    private final int[] next;
    /** Per state, the keywords ending there in keyword order, or null when none does. */
    private final String[][] outputs;

    private TermAutomaton(int[] asciiClass, char[] high, int[] highClass, int width, int[] next, String[][] outputs) {
        this.asciiClass = asciiClass;
        this.high = high;
        this.highClass = highClass;
        this.width = width;
        this.next = next;
        this.outputs = outputs;
    }

    /** Receives one hit: {@code keyword} at {@code [start, end)}. */
    interface Hits {
        void hit(String keyword, int start, int end);
    }

    static TermAutomaton of(Collection<String> keywords) {
        // The alphabet: every character some keyword uses.
        TreeSet<Character> chars = new TreeSet<>();
        int total = 0;
        for (String k : keywords) {
            total += k.length();
            for (int i = 0; i < k.length(); i++) chars.add(k.charAt(i));
        }
        int[] ascii = new int[ASCII];
        int highCount = 0;
        for (char c : chars) if (c >= ASCII) highCount++;
        char[] high = new char[highCount];
        int[] highClass = new int[highCount];
        int classes = 1;
        int h = 0;
        for (char c : chars) {
            if (c < ASCII) {
                ascii[c] = classes++;
            } else {
                high[h] = c;
                highClass[h++] = classes++;
            }
        }
        int width = classes;
        // The trie (goto function): -1 where there is no edge. At most one state per keyword character, plus the root.
        int[] go = new int[(total + 1) * width];
        Arrays.fill(go, -1);
        @SuppressWarnings("unchecked")
        TreeSet<String>[] ends = new TreeSet[total + 1];
        int states = 1;
        for (String k : keywords) {
            if (k.isEmpty()) continue;
            int s = 0;
            for (int i = 0; i < k.length(); i++) {
                int slot = s * width + classOf(ascii, high, highClass, k.charAt(i));
                if (go[slot] < 0) go[slot] = states++;
                s = go[slot];
            }
            if (ends[s] == null) ends[s] = new TreeSet<>();
            ends[s].add(k);
        }
        // Failure links in breadth-first order turn the trie into a complete transition table; each state also
        // reports what its failure state reports (the keywords that are suffixes of its path).
        int[] next = Arrays.copyOf(go, states * width);
        int[] fail = new int[states];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int c = 0; c < width; c++) {
            int t = next[c];
            if (t < 0) {
                next[c] = 0;
            } else {
                fail[t] = 0;
                queue.add(t);
            }
        }
        while (!queue.isEmpty()) {
            int s = queue.remove();
            if (ends[fail[s]] != null) {
                if (ends[s] == null) ends[s] = new TreeSet<>();
                ends[s].addAll(ends[fail[s]]);
            }
            for (int c = 0; c < width; c++) {
                int slot = s * width + c;
                int t = next[slot];
                int viaFailure = next[fail[s] * width + c];
                if (t < 0) {
                    next[slot] = viaFailure;
                } else {
                    fail[t] = viaFailure;
                    queue.add(t);
                }
            }
        }
        String[][] outputs = new String[states][];
        for (int s = 0; s < states; s++) {
            if (ends[s] != null) outputs[s] = ends[s].toArray(String[]::new);
        }
        return new TermAutomaton(ascii, high, highClass, width, next, outputs);
    }

    /** Reports every keyword occurrence in {@code text}, by end position, then keyword order. */
    void scan(CharSequence text, Hits hits) {
        int s = 0;
        for (int i = 0, n = text.length(); i < n; i++) {
            char ch = text.charAt(i);
            s = next[s * width + classOf(asciiClass, high, highClass, ch)];
            String[] ending = outputs[s];
            if (ending != null) {
                for (String k : ending) hits.hit(k, i + 1 - k.length(), i + 1);
            }
        }
    }

    /** The class of {@code ch} (0: a character no keyword uses), while building and while scanning. */
    private static int classOf(int[] ascii, char[] high, int[] highClass, char ch) {
        if (ch < ASCII) return ascii[ch];
        int i = Arrays.binarySearch(high, ch);
        return i < 0 ? 0 : highClass[i];
    }
}
