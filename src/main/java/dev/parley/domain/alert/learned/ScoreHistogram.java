package dev.parley.domain.alert.learned;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The cross-validated dev scores of one head, binned on the logit scale: the positives it should catch and, per
 * source, the ordinary (benign) rows it should leave alone. From it the console recomputes recall and false-alarm
 * rate at any threshold while the operator moves it. Bin {@code i} holds scores whose logit is in
 * {@code [min + i·step, min + (i+1)·step)}; the first and last bins also hold everything beyond them.
 */
public record ScoreHistogram(double logitMin, double logitStep, List<Integer> positive,
                             Map<String, List<Integer>> benign) {

    public ScoreHistogram {
        Objects.requireNonNull(positive, "positive");
        if (!(logitStep > 0) || positive.isEmpty()) throw new IllegalArgumentException("empty histogram");
        positive = List.copyOf(positive);
        var copy = new LinkedHashMap<String, List<Integer>>();
        for (var entry : benign.entrySet()) {
            if (entry.getValue().size() != positive.size()) {
                throw new IllegalArgumentException("histogram of " + entry.getKey() + " has "
                        + entry.getValue().size() + " bins, not " + positive.size());
            }
            copy.put(entry.getKey(), List.copyOf(entry.getValue()));
        }
        benign = java.util.Collections.unmodifiableMap(copy);
    }

    /** Bins {@code scores} (probabilities). */
    public static int[] bin(double[] scores, double logitMin, double logitStep, int bins) {
        var counts = new int[bins];
        for (double s : scores) counts[binOf(logit(s), logitMin, logitStep, bins)]++;
        return counts;
    }

    /** Share of positives scoring at or above {@code threshold}, to the bin. */
    public double recallAt(double threshold) {
        return shareAtOrAbove(positive, threshold);
    }

    /** Share of {@code source}'s ordinary rows scoring at or above {@code threshold}, to the bin. */
    public double falseAlarmRateAt(String source, double threshold) {
        return shareAtOrAbove(benign.get(source), threshold);
    }

    /** Share of all ordinary rows (every source together) at or above {@code threshold}. */
    public double pooledFalseAlarmRateAt(double threshold) {
        long hits = 0;
        long all = 0;
        for (var counts : benign.values()) {
            hits += countAtOrAbove(counts, threshold);
            all += counts.stream().mapToLong(Integer::longValue).sum();
        }
        return all == 0 ? 0 : (double) hits / all;
    }

    private double shareAtOrAbove(List<Integer> counts, double threshold) {
        long all = counts.stream().mapToLong(Integer::longValue).sum();
        return all == 0 ? 0 : (double) countAtOrAbove(counts, threshold) / all;
    }

    private long countAtOrAbove(List<Integer> counts, double threshold) {
        int from = binOf(logit(threshold), logitMin, logitStep, counts.size());
        long sum = 0;
        for (int i = from; i < counts.size(); i++) sum += counts.get(i);
        return sum;
    }

    static int binOf(double logit, double logitMin, double logitStep, int bins) {
        int i = (int) Math.floor((logit - logitMin) / logitStep);
        return Math.max(0, Math.min(bins - 1, i));
    }

    static double logit(double p) {
        double clamped = Math.min(1 - 1e-12, Math.max(1e-12, p));
        return Math.log(clamped / (1 - clamped));
    }
}
