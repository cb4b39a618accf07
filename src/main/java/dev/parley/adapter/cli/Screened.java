package dev.parley.adapter.cli;

import dev.parley.domain.alert.AlertFindings;
import dev.parley.domain.alert.AlertMatch;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.alert.learned.AlertHeads;
import dev.parley.domain.alert.learned.HeadScore;
import dev.parley.domain.alert.learned.Tier;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What one way of screening (patterns, model, both) made of one message: the categories that fired (for
 * {@code per_category}), those that raise an alert and the ids that did (for {@code benign_flagged_by_pattern}),
 * and whether a high-value notification came up.
 */
record Screened(Set<String> categories, Set<String> alertIds, boolean alert, boolean highValue) {

    static Screened patterns(AlertFindings findings) {
        var alertIds = new LinkedHashSet<String>();
        findings.matches().stream().filter(m -> m.severity() == AlertSeverity.CRITICAL).map(AlertMatch::patternId)
                .forEach(alertIds::add);
        return new Screened(findings.categories(), alertIds, findings.isCritical(), findings.isHighValue());
    }

    /** Heads at or above {@code tier}; only the heads that raise alerts count as an alert. */
    static Screened model(AlertHeads heads, List<HeadScore> scores, Tier tier) {
        var categories = new LinkedHashSet<String>();
        var alertIds = new LinkedHashSet<String>();
        for (var score : scores) {
            if (score.tier().compareTo(tier) < 0) continue;
            categories.add(score.category());
            if (heads.head(score.category()).orElseThrow().raisesAlerts()) alertIds.add("model:" + score.category());
        }
        return new Screened(categories, alertIds, !alertIds.isEmpty(), false);
    }

    /** Either fired (patterns OR model). */
    Screened or(Screened other) {
        var categories = new LinkedHashSet<>(this.categories);
        categories.addAll(other.categories);
        var alertIds = new LinkedHashSet<>(this.alertIds);
        alertIds.addAll(other.alertIds);
        return new Screened(categories, alertIds, alert || other.alert, highValue || other.highValue);
    }
}
