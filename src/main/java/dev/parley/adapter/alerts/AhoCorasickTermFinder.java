package dev.parley.adapter.alerts;

import dev.parley.domain.alert.TermFinder;
import dev.parley.domain.alert.TermHit;
import dev.parley.domain.alert.WordBoundary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Finds plain phrases with one Aho-Corasick pass ({@link TermAutomaton}). With word boundaries it expects normalised
 * text (PARLEY mode); without, it lower-cases the text itself and reports every substring occurrence (SEED_RAW mode).
 * Hits come by end position, then term order, as {@code org.ahocorasick}'s trie reported them before. Read-only after
 * build, so thread-safe.
 */
final class AhoCorasickTermFinder implements TermFinder {
    private final TermAutomaton automaton;
    private final Set<String> terms;
    private final boolean wordBoundaries;

    AhoCorasickTermFinder(Set<String> terms, boolean wordBoundaries) {
        this(terms, wordBoundaries, TermAutomaton.DENSE_SLOTS);
    }

    /** With a complete transition table only up to {@code denseSlots} slots ({@link TermAutomaton}; tests try both). */
    AhoCorasickTermFinder(Set<String> terms, boolean wordBoundaries, long denseSlots) {
        this.terms = Set.copyOf(terms);
        this.wordBoundaries = wordBoundaries;
        this.automaton = TermAutomaton.of(this.terms, denseSlots);
    }

    /** Whether the automaton has a complete transition table (see {@link TermAutomaton#dense}). */
    boolean dense() {
        return automaton.dense();
    }

    @Override
    public List<TermHit> find(String text) {
        String searched = wordBoundaries ? text : text.toLowerCase(Locale.ROOT);
        List<TermHit> hits = new ArrayList<>();
        automaton.scan(searched, (term, start, end) -> {
            if (!wordBoundaries || WordBoundary.surrounds(searched, start, end)) {
                hits.add(new TermHit(term, start, end));
            }
        });
        return hits;
    }

    @Override
    public Set<String> literalTerms() {
        return terms;
    }
}
