package dev.parley.domain.alert.learned;

import java.util.Map;

/**
 * Dev figures of a head at one threshold, from cross-validated scores: the share of its positives caught and, per
 * ordinary source, the share of rows that would raise an alert.
 */
public record TierFigures(double threshold, double recall, Map<String, Double> falseAlarmRate) {
    public TierFigures {
        falseAlarmRate = Map.copyOf(falseAlarmRate);
    }
}
