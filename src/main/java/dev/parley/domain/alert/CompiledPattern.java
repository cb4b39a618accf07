package dev.parley.domain.alert;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** A pattern with its expression and rules compiled, ready to test normalised or raw text. */
record CompiledPattern(AlertMatch match, TermFinder finder, List<CompiledRule> rules) {

    /** What the pattern found in one text: the words that stand, and those a rule set aside. */
    record Outcome(List<String> terms, List<SuppressedHit> suppressed) {
        boolean matched() {
            return !terms.isEmpty();
        }
    }

    /** True when at least one hit survives the rules on its term. */
    boolean matches(String text) {
        for (TermHit hit : finder.find(text)) {
            if (rejectedBy(hit, text) == null) {
                return true;
            }
        }
        return false;
    }

    /** Every hit judged: kept terms (distinct, in text order) and hits set aside with the rule's reason. */
    Outcome evaluate(String text) {
        var hits = new ArrayList<>(finder.find(text));
        hits.sort(java.util.Comparator.comparingInt(TermHit::start).thenComparingInt(TermHit::end));
        var terms = new LinkedHashSet<String>();
        var suppressed = new ArrayList<SuppressedHit>();
        var suppressedTerms = new LinkedHashSet<String>();
        for (TermHit hit : hits) {
            var rule = rejectedBy(hit, text);
            var term = finder.literalTerms().isEmpty() ? text.substring(hit.start(), hit.end()) : hit.term();
            if (rule == null) {
                terms.add(term);
            } else if (suppressedTerms.add(term)) {
                suppressed.add(new SuppressedHit(match.categoryId(), match.patternId(), term, rule.reason()));
            }
        }
        return new Outcome(List.copyOf(terms), List.copyOf(suppressed));
    }

    /** The rule that sets {@code hit} aside, or null when it stands. */
    private ContextRule rejectedBy(TermHit hit, String text) {
        for (CompiledRule rule : rules) {
            if (rule.rule().term().equals(hit.term()) && !rule.admits(hit, text)) {
                return rule.rule();
            }
        }
        return null;
    }
}
