package dev.parley.domain.chimein.context;

import java.util.Arrays;

/**
 * A linear parent score: {@code candidate} weighs {@link ParentFeatures.Candidate} features; {@code none} (may be
 * empty) weighs {@link ParentFeatures.Mention} features into the score of "no earlier message: the mention starts
 * something new". The highest score wins (the listwise model the weights were fitted as).
 */
public record ParentModel(double[] candidate, double[] none) {

    public ParentModel {
        if (candidate.length != ParentFeatures.Candidate.values().length) {
            throw new IllegalArgumentException("expected " + ParentFeatures.Candidate.values().length
                    + " candidate weights, got " + candidate.length);
        }
        if (none.length != 0 && none.length != ParentFeatures.Mention.values().length) {
            throw new IllegalArgumentException("expected no or " + ParentFeatures.Mention.values().length
                    + " mention weights, got " + none.length);
        }
        candidate = candidate.clone();
        none = none.clone();
    }

    /** Whether "no parent" is an option. */
    public boolean allowsNone() {
        return none.length > 0;
    }

    public double score(double[] candidateFeatures) {
        return dot(candidate, candidateFeatures);
    }

    /** The score of "no parent" (negative infinity when it is no option). */
    public double noneScore(double[] mentionFeatures) {
        return allowsNone() ? dot(none, mentionFeatures) : Double.NEGATIVE_INFINITY;
    }

    public double weight(ParentFeatures.Candidate feature) {
        return candidate[feature.ordinal()];
    }

    private static double dot(double[] w, double[] x) {
        double s = 0;
        for (int i = 0; i < w.length; i++) s += w[i] * x[i];
        return s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ParentModel p && Arrays.equals(candidate, p.candidate) && Arrays.equals(none, p.none);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(candidate) + Arrays.hashCode(none);
    }

    @Override
    public String toString() {
        return "ParentModel[candidate=" + Arrays.toString(candidate) + ", none=" + Arrays.toString(none) + "]";
    }
}
