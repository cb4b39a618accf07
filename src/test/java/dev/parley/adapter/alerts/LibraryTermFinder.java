package dev.parley.adapter.alerts;

import dev.parley.domain.alert.TermHit;
import dev.parley.domain.alert.WordBoundary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.ahocorasick.trie.Emit;
import org.ahocorasick.trie.Trie;

/**
 * The term finder as it was before issue 17's array automaton: {@code org.ahocorasick}'s trie (0.6.3), kept as a
 * test dependency only, as the reference {@link AhoCorasickTermFinder} must equal hit for hit.
 */
final class LibraryTermFinder {
    private final Trie trie;
    private final boolean wordBoundaries;

    LibraryTermFinder(Set<String> terms, boolean wordBoundaries) {
        this.wordBoundaries = wordBoundaries;
        this.trie = Trie.builder().addKeywords(Set.copyOf(terms)).build();
    }

    List<TermHit> find(String text) {
        String searched = wordBoundaries ? text : text.toLowerCase(Locale.ROOT);
        List<TermHit> hits = new ArrayList<>();
        for (Emit emit : trie.parseText(searched)) {
            int start = emit.getStart();
            int end = emit.getEnd() + 1; // Emit ends are inclusive
            if (!wordBoundaries || WordBoundary.surrounds(searched, start, end)) {
                hits.add(new TermHit(emit.getKeyword(), start, end));
            }
        }
        return hits;
    }
}
