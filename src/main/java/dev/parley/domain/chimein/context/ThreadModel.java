package dev.parley.domain.chimein.context;

import java.util.Arrays;

/**
 * Grows a selection into the conversation it belongs to: a message joins when the logistic score of its
 * {@link ThreadFeatures} reaches {@code threshold} (a probability), best first, up to {@code maxSelected} messages.
 */
public record ThreadModel(double[] weights, double threshold, int maxSelected) {

    public ThreadModel {
        if (weights.length != ThreadFeatures.Feature.values().length) {
            throw new IllegalArgumentException("expected " + ThreadFeatures.Feature.values().length
                    + " thread weights, got " + weights.length);
        }
        if (!(threshold > 0 && threshold < 1)) throw new IllegalArgumentException("threshold must be in (0, 1)");
        if (maxSelected < 1) throw new IllegalArgumentException("maxSelected must be at least 1");
        weights = weights.clone();
    }

    /** The probability that the message with these features belongs to the selected conversation. */
    public double probability(double[] features) {
        double z = 0;
        for (int i = 0; i < weights.length; i++) z += weights[i] * features[i];
        return 1 / (1 + Math.exp(-z));
    }

    public double weight(ThreadFeatures.Feature feature) {
        return weights[feature.ordinal()];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ThreadModel t && Arrays.equals(weights, t.weights) && threshold == t.threshold
                && maxSelected == t.maxSelected;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(weights) * 31 + Double.hashCode(threshold) * 7 + maxSelected;
    }

    @Override
    public String toString() {
        return "ThreadModel[weights=" + Arrays.toString(weights) + ", threshold=" + threshold + ", maxSelected="
                + maxSelected + "]";
    }
}
