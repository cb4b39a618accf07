package dev.parley.domain.alert.learned;

import java.util.Map;

/**
 * Figures of a head at one threshold: the share of its positives caught (all of them, and per positive source) and,
 * per ordinary source, the share of rows that would raise an alert. Which scores they come from (out of source, or
 * the shipped head's own training rows) is said by where they stand in {@link DevFigures}.
 */
public record TierFigures(double threshold, double recall, Map<String, Double> recallPerSource,
                          Map<String, Double> falseAlarmRate) {
    public TierFigures {
        recallPerSource = Map.copyOf(recallPerSource);
        falseAlarmRate = Map.copyOf(falseAlarmRate);
    }
}
