package dev.parley.bootstrap.bench;

/** The percentiles every benchmark reports: nearest rank on an ascending array (p99 of 100 values is the 99th). */
public final class Percentiles {
    private Percentiles() {
    }

    /** The value at quantile {@code p} (0 &lt; p ≤ 1) of {@code sorted}, which must be ascending; NaN when empty. */
    public static double of(double[] sorted, double p) {
        if (sorted.length == 0) return Double.NaN;
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }
}
