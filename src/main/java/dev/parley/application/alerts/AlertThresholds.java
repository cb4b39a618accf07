package dev.parley.application.alerts;

import dev.parley.domain.alert.learned.AlertHead;
import dev.parley.domain.alert.learned.HeadThresholds;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The operator's view of the learned heads' thresholds (Settings): the heads with the thresholds in force, the
 * trained ones to go back to, and choosing new ones, which apply to the next message screened and are kept across
 * restarts. Only choices that differ from the trained thresholds are kept.
 */
public final class AlertThresholds {
    private final LearnedAlerts learned;
    private final ThresholdStore store;

    public AlertThresholds(LearnedAlerts learned, ThresholdStore store) {
        this.learned = learned;
        this.store = store;
    }

    /** The heads with the thresholds in force; empty when the learned model is off. */
    public List<AlertHead> heads() {
        return learned.heads().map(h -> h.heads()).orElse(List.of());
    }

    /** The thresholds {@code category}'s head was trained with. */
    public HeadThresholds trained(String category) {
        return learned.trained().orElseThrow().heads().head(category).orElseThrow().thresholds();
    }

    /**
     * Uses {@code chosen} (category → thresholds) from the next message on and keeps it.
     *
     * @throws IllegalArgumentException when a category is unknown; nothing changes then
     */
    public synchronized void choose(Map<String, HeadThresholds> chosen) {
        learned.useThresholds(chosen);
        var kept = new LinkedHashMap<String, HeadThresholds>();
        for (var head : heads()) {
            if (!head.thresholds().equals(trained(head.category()))) kept.put(head.category(), head.thresholds());
        }
        store.save(kept);
    }
}
