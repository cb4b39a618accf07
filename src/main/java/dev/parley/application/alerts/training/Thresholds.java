package dev.parley.application.alerts.training;

import java.util.Arrays;
import java.util.Collection;

/** Threshold choice on cross-validated scores of ordinary rows. */
final class Thresholds {
    private Thresholds() {
    }

    /**
     * The lowest threshold at which, in every source of {@code benignScores}, at most {@code rate} of the rows score
     * at or above it (a hit is {@code score >= threshold}).
     */
    static double lowestWithFalseAlarmsAtMost(Collection<double[]> benignScores, double rate) {
        double threshold = Double.MIN_VALUE;
        for (double[] scores : benignScores) {
            if (scores.length == 0) continue;
            double[] sorted = scores.clone();
            Arrays.sort(sorted);
            int allowed = (int) Math.floor(rate * sorted.length);
            if (allowed >= sorted.length) continue;
            // The (allowed+1)-th highest score must fall below the threshold.
            double mustMiss = sorted[sorted.length - 1 - allowed];
            threshold = Math.max(threshold, Math.nextUp(mustMiss));
        }
        return Math.min(1.0, threshold);
    }

    static double shareAtOrAbove(double[] scores, double threshold) {
        if (scores.length == 0) return 0;
        long hits = Arrays.stream(scores).filter(s -> s >= threshold).count();
        return (double) hits / scores.length;
    }

    /** ROC AUC of positives against negatives (the probability a positive outscores a negative; ties half). */
    static double rocAuc(double[] positives, double[] negatives) {
        if (positives.length == 0 || negatives.length == 0) return Double.NaN;
        double[] neg = negatives.clone();
        Arrays.sort(neg);
        double sum = 0;
        for (double p : positives) {
            int below = lowerBound(neg, p);
            int notAbove = upperBound(neg, p);
            sum += below + 0.5 * (notAbove - below);
        }
        return sum / ((double) positives.length * neg.length);
    }

    private static int lowerBound(double[] sorted, double value) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < value) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    private static int upperBound(double[] sorted, double value) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= value) lo = mid + 1; else hi = mid;
        }
        return lo;
    }
}
