package dev.parley.domain.alert;

import java.util.List;
import java.util.Objects;

/** A named group of patterns sharing one severity, e.g. "Threats &amp; Hostility" (CRITICAL). */
public record AlertCategory(String id, String name, AlertSeverity severity, List<AlertPattern> patterns) {
    public AlertCategory {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(severity, "severity");
        if (!AlertSeverity.IN_PATTERN_FILES.contains(severity)) {
            throw new IllegalArgumentException("a pattern category is CRITICAL or HIGH_VALUE, not " + severity);
        }
        patterns = List.copyOf(patterns);
    }
}
