package dev.parley.domain.alert;

import java.util.Objects;

/** One pattern that matched a message; carries ids only, never message text. */
public record AlertMatch(String categoryId, String categoryName, String patternId, AlertSeverity severity) {
    public AlertMatch {
        Objects.requireNonNull(categoryId, "categoryId");
        Objects.requireNonNull(categoryName, "categoryName");
        Objects.requireNonNull(patternId, "patternId");
        Objects.requireNonNull(severity, "severity");
    }
}
