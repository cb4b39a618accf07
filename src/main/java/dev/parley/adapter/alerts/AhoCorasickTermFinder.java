package dev.parley.adapter.alerts;

import dev.parley.domain.alert.TermFinder;
import dev.parley.domain.alert.TermHit;
import dev.parley.domain.alert.WordBoundary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.ahocorasick.trie.Emit;
import org.ahocorasick.trie.Trie;

/**
 * Finds plain phrases with one Aho-Corasick pass (about 1 µs per SMS). With word boundaries it
 * expects normalised text (PARLEY mode); without, it lower-cases the text itself and reports every
 * substring occurrence (SEED_RAW mode). The trie is read-only after build, so this is thread-safe.
 */
final class AhoCorasickTermFinder implements TermFinder {
    private final Trie trie;
    private final Set<String> terms;
    private final boolean wordBoundaries;

    AhoCorasickTermFinder(Set<String> terms, boolean wordBoundaries) {
        this.terms = Set.copyOf(terms);
        this.wordBoundaries = wordBoundaries;
        this.trie = Trie.builder().addKeywords(this.terms).build();
    }

    @Override
    public List<TermHit> find(String text) {
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

    @Override
    public Set<String> literalTerms() {
        return terms;
    }
}
