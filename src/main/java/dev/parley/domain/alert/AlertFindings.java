package dev.parley.domain.alert;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a detector found in one message: the matched patterns, in patterns-file order, and the words context rules
 * set aside as benign idioms.
 */
public record AlertFindings(List<AlertMatch> matches, List<SuppressedHit> suppressed) {
    /** Nothing matched. */
    public static final AlertFindings NONE = new AlertFindings(List.of(), List.of());

    public AlertFindings {
        matches = List.copyOf(matches);
        suppressed = List.copyOf(suppressed);
    }

    public AlertFindings(List<AlertMatch> matches) {
        this(matches, List.of());
    }

    /** True when nothing matched. */
    public boolean isEmpty() {
        return matches.isEmpty();
    }

    /** True when a CRITICAL pattern matched: automation must stop and no reply be sent. */
    public boolean isCritical() {
        return matches.stream().anyMatch(m -> m.severity() == AlertSeverity.CRITICAL);
    }

    /** True when a HIGH_VALUE pattern matched: notify an operator, automation may continue. */
    public boolean isHighValue() {
        return matches.stream().anyMatch(m -> m.severity() == AlertSeverity.HIGH_VALUE);
    }

    /** Distinct category ids, in order of first match. */
    public Set<String> categories() {
        Set<String> ids = new LinkedHashSet<>();
        matches.forEach(m -> ids.add(m.categoryId()));
        return ids;
    }

    /** Distinct pattern ids, in order of first match (what the seed stores as alert tags). */
    public Set<String> patternIds() {
        Set<String> ids = new LinkedHashSet<>();
        matches.forEach(m -> ids.add(m.patternId()));
        return ids;
    }
}
