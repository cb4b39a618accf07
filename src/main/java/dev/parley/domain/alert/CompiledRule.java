package dev.parley.domain.alert;

/** A context rule with its phrases compiled. */
record CompiledRule(ContextRule rule, TermFinder phrases) {

    /** True when this rule lets {@code hit} (a hit of {@link ContextRule#term()}) stand. */
    boolean admits(TermHit hit, String text) {
        boolean inside = false;
        for (TermHit phrase : phrases.find(text)) {
            if (hit.isInside(phrase)) {
                inside = true;
                break;
            }
        }
        return switch (rule) {
            case UnlessRule ignored -> !inside;
            case RequiresContextRule ignored -> inside;
        };
    }
}
