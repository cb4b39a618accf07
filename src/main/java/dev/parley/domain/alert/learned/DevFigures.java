package dev.parley.domain.alert.learned;

import java.util.Objects;

/**
 * What a head scored on the dev data when it was trained: {@code positives} says which rows it should catch;
 * figures at both thresholds and the ROC AUC, all from cross-validated scores (never training predictions).
 */
public record DevFigures(String positives, long positiveRows, TierFigures critical, TierFigures review,
                         double rocAuc) {
    public DevFigures {
        Objects.requireNonNull(positives, "positives");
        Objects.requireNonNull(critical, "critical");
        Objects.requireNonNull(review, "review");
    }
}
