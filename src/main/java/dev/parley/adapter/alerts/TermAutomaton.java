package dev.parley.adapter.alerts;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.TreeSet;

/**
 * An Aho-Corasick automaton in flat arrays: one row of transitions per state over the characters the keywords use
 * (every other character leads back to the root), so a scan reads one array slot per character instead of walking
 * failure links through hash maps. That table has a slot per state and character of the alphabet, so a large
 * keyword set over a large alphabet (thousands of terms in many scripts) would need gigabytes: past {@link
 * #DENSE_SLOTS} slots the automaton keeps, per state, only its own edges (sorted) and its failure link instead, and a
 * scan follows failure links where a state has no edge for a character. Both report what {@code org.ahocorasick}'s
 * trie reported (its default settings: overlaps kept, case-sensitive): per end position, left to right, every keyword
 * ending there, in keyword ({@link String#compareTo}) order; empty keywords are ignored. Immutable once built, so
 * thread-safe.
 */
final class TermAutomaton {
    private static final int ASCII = 128;
    /** The class of each ASCII character (0: used by no keyword). */
    private final int[] asciiClass;
    /** The non-ASCII characters the keywords use, sorted; character {@code high[i]} has class {@code ASCII + i}. */
    private final char[] high;
    private final int[] highClass;
    private final int width;
    /** {@code next[state * width + class]}: the state after reading a character of that class; null when sparse. */
    private final int[] next;
    /** When sparse: state {@code s}'s edges are {@code edgeClass/edgeTarget[edgeStart[s] .. edgeStart[s + 1])}. */
    private final int[] edgeStart;
    private final int[] edgeClass;
    private final int[] edgeTarget;
    /** When sparse: each state's failure link (the state of the longest proper suffix of its path). */
    private final int[] fail;
    /** Per state, the keywords ending there in keyword order, or null when none does. */
    private final String[][] outputs;

    /**
     * The most slots of a complete transition table (states × alphabet; 16 MB of {@code int}s). Every term set the
     * shipped files compile to fits it ({@code AhoCorasickTermFinderTest}).
     */
    static final long DENSE_SLOTS = 1L << 22;

    private TermAutomaton(int[] asciiClass, char[] high, int[] highClass, int width, int[] next, int[] edgeStart,
                          int[] edgeClass, int[] edgeTarget, int[] fail, String[][] outputs) {
        this.asciiClass = asciiClass;
        this.high = high;
        this.highClass = highClass;
        this.width = width;
        this.next = next;
        this.edgeStart = edgeStart;
        this.edgeClass = edgeClass;
        this.edgeTarget = edgeTarget;
        this.fail = fail;
        this.outputs = outputs;
    }

    /** Whether this automaton has a complete transition table (the set was small enough), else edges and links. */
    boolean dense() {
        return next != null;
    }

    /** Receives one hit: {@code keyword} at {@code [start, end)}. */
    interface Hits {
        void hit(String keyword, int start, int end);
    }

    static TermAutomaton of(Collection<String> keywords) {
        return of(keywords, DENSE_SLOTS);
    }

    /** As {@link #of(Collection)}, with a complete table only up to {@code denseSlots} slots (tests try both). */
    static TermAutomaton of(Collection<String> keywords, long denseSlots) {
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
        var sparse = sparse(keywords, ascii, high, highClass, width, total);
        int states = sparse.fail.length;
        if ((long) states * width > denseSlots) return sparse;
        // The complete transition table: each state's edge for a character, else its failure state's (step).
        int[] next = new int[states * width];
        for (int s = 0; s < states; s++) {
            for (int c = 0; c < width; c++) next[s * width + c] = sparse.step(s, c);
        }
        return new TermAutomaton(ascii, high, highClass, width, next, null, null, null, null, sparse.outputs);
    }

    /**
     * The automaton without a complete table: the trie's edges (at most one state per keyword character, plus the
     * root), sorted by character class per state, and the failure links, found breadth first; each state also
     * reports what its failure state reports (the keywords that are suffixes of its path).
     */
    private static TermAutomaton sparse(Collection<String> keywords, int[] ascii, char[] high, int[] highClass,
                                        int width, int total) {
        var edges = new HashMap<Long, Integer>();
        @SuppressWarnings("unchecked")
        TreeSet<String>[] ends = new TreeSet[total + 1];
        int[] children = new int[total + 1];
        int states = 1;
        for (String k : keywords) {
            if (k.isEmpty()) continue;
            int s = 0;
            for (int i = 0; i < k.length(); i++) {
                long key = (long) s * width + classOf(ascii, high, highClass, k.charAt(i));
                Integer t = edges.get(key);
                if (t == null) {
                    t = states++;
                    edges.put(key, t);
                    children[s]++;
                }
                s = t;
            }
            if (ends[s] == null) ends[s] = new TreeSet<>();
            ends[s].add(k);
        }
        int[] edgeStart = new int[states + 1];
        for (int s = 0; s < states; s++) edgeStart[s + 1] = edgeStart[s] + children[s];
        long[] sorted = new long[edges.size()];
        int e = 0;
        for (long key : edges.keySet()) sorted[e++] = key;
        Arrays.sort(sorted);  // by state, then class
        int[] edgeClass = new int[sorted.length];
        int[] edgeTarget = new int[sorted.length];
        for (int i = 0; i < sorted.length; i++) {
            edgeClass[i] = (int) (sorted[i] % width);
            edgeTarget[i] = edges.get(sorted[i]);
        }
        int[] fail = new int[states];
        var automaton = new TermAutomaton(ascii, high, highClass, width, null, edgeStart, edgeClass, edgeTarget, fail,
                null);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int i = edgeStart[0]; i < edgeStart[1]; i++) queue.add(edgeTarget[i]);
        while (!queue.isEmpty()) {
            int s = queue.remove();
            if (ends[fail[s]] != null) {
                if (ends[s] == null) ends[s] = new TreeSet<>();
                ends[s].addAll(ends[fail[s]]);
            }
            for (int i = edgeStart[s]; i < edgeStart[s + 1]; i++) {
                int t = edgeTarget[i];
                fail[t] = automaton.step(fail[s], edgeClass[i]);
                queue.add(t);
            }
        }
        return new TermAutomaton(ascii, high, highClass, width, null, edgeStart, edgeClass, edgeTarget, fail,
                outputs(ends, states));
    }

    private static String[][] outputs(TreeSet<String>[] ends, int states) {
        String[][] outputs = new String[states][];
        for (int s = 0; s < states; s++) {
            if (ends[s] != null) outputs[s] = ends[s].toArray(String[]::new);
        }
        return outputs;
    }

    /** When sparse: the state after reading class {@code c} in state {@code s} (its edge, else its failure's). */
    private int step(int s, int c) {
        if (c == 0) return 0;
        while (true) {
            int i = Arrays.binarySearch(edgeClass, edgeStart[s], edgeStart[s + 1], c);
            if (i >= 0) return edgeTarget[i];
            if (s == 0) return 0;
            s = fail[s];
        }
    }

    /** Reports every keyword occurrence in {@code text}, by end position, then keyword order. */
    void scan(CharSequence text, Hits hits) {
        int s = 0;
        for (int i = 0, n = text.length(); i < n; i++) {
            char ch = text.charAt(i);
            int c = classOf(asciiClass, high, highClass, ch);
            s = next != null ? next[s * width + c] : step(s, c);
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
