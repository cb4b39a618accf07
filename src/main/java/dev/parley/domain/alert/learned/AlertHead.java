package dev.parley.domain.alert.learned;

import dev.parley.domain.embedding.Embedding;
import java.util.Objects;

/**
 * A learned category head: logistic regression on a sentence embedding ({@code weights · x + bias}, then the
 * logistic function), with its two thresholds and the dev figures it was chosen with. {@code raisesAlerts} heads
 * (self_harm, threats) raise seed 000's alerts in the outreach screen; the others (harassment, financial_scam)
 * are category signals for the safety validator.
 */
public record AlertHead(String category, boolean raisesAlerts, float[] weights, double bias,
                        HeadThresholds thresholds, DevFigures dev, ScoreHistogram histogram) {

    public AlertHead {
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(weights, "weights");
        Objects.requireNonNull(thresholds, "thresholds");
        Objects.requireNonNull(dev, "dev");
        Objects.requireNonNull(histogram, "histogram");
        if (!category.matches("[a-z][a-z_]{0,63}")) throw new IllegalArgumentException("bad category '" + category + "'");
        for (float w : weights) {
            if (!Float.isFinite(w)) throw new IllegalArgumentException(category + ": a weight is not a finite number");
        }
        if (!Double.isFinite(bias)) throw new IllegalArgumentException(category + ": the bias is not a finite number");
        weights = weights.clone();
    }

    /** The probability that {@code embedding} belongs to this category. A zero vector (blank text) scores the bias. */
    public double score(Embedding embedding) {
        float[] x = embedding.vector();
        if (x.length != weights.length) {
            throw new IllegalArgumentException(category + ": vector has " + x.length + " dimensions, the head "
                    + weights.length);
        }
        double z = bias;
        for (int i = 0; i < x.length; i++) z += (double) weights[i] * x[i];
        return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
    }

    /** The same head judged against other thresholds (an operator's choice). */
    public AlertHead withThresholds(HeadThresholds chosen) {
        return new AlertHead(category, raisesAlerts, weights, bias, chosen, dev, histogram);
    }

    @Override
    public float[] weights() {
        return weights.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AlertHead h && category.equals(h.category) && raisesAlerts == h.raisesAlerts
                && java.util.Arrays.equals(weights, h.weights) && Double.compare(bias, h.bias) == 0
                && thresholds.equals(h.thresholds) && dev.equals(h.dev) && histogram.equals(h.histogram);
    }

    @Override
    public int hashCode() {
        return Objects.hash(category, java.util.Arrays.hashCode(weights), bias, thresholds);
    }

    @Override
    public String toString() {
        return "AlertHead[" + category + ", " + weights.length + " weights, " + thresholds + "]";
    }
}
