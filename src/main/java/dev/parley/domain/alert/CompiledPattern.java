package dev.parley.domain.alert;

import java.util.List;

/** A pattern with its expression and rules compiled, ready to test normalised or raw text. */
record CompiledPattern(AlertMatch match, TermFinder finder, List<CompiledRule> rules) {

    /** True when at least one hit survives the rules on its term. */
    boolean matches(String text) {
        for (TermHit hit : finder.find(text)) {
            if (admitted(hit, text)) {
                return true;
            }
        }
        return false;
    }

    private boolean admitted(TermHit hit, String text) {
        for (CompiledRule rule : rules) {
            if (rule.rule().term().equals(hit.term()) && !rule.admits(hit, text)) {
                return false;
            }
        }
        return true;
    }
}
