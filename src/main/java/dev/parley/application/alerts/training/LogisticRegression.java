package dev.parley.application.alerts.training;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.stream.IntStream;

/**
 * L2-regularised, weighted logistic regression fitted by L-BFGS: minimises the weighted mean log-loss plus
 * {@code l2 / 2 · |w|²} (the bias is not penalised). Deterministic: the gradient is summed over a fixed number of
 * row blocks, each block in row order and the blocks in block order, however many threads compute them, so the
 * same rows give the same weights bit for bit.
 */
public final class LogisticRegression {
    private static final int BLOCKS = 16;
    private static final int MEMORY = 10;
    private static final int MAX_ITERATIONS = 400;
    private static final double GRADIENT_TOLERANCE = 1e-6;

    /** Fitted weights and bias; {@link #score} is the probability of the positive class. */
    public record Fit(double[] weights, double bias) {
        public double logit(float[] x) {
            double z = bias;
            for (int i = 0; i < weights.length; i++) z += weights[i] * x[i];
            return z;
        }

        public double score(float[] x) {
            return sigmoid(logit(x));
        }
    }

    private LogisticRegression() {
    }

    /**
     * Fits rows {@code x} (all of one length) with labels {@code y} and per-row {@code weight}s (class balancing).
     */
    public static Fit fit(float[][] x, boolean[] y, double[] weight, double l2) {
        int n = x.length;
        if (n == 0 || y.length != n || weight.length != n) throw new IllegalArgumentException("rows, labels, weights");
        int d = x[0].length;
        double total = 0;
        for (double w : weight) total += w;
        var problem = new Problem(x, y, weight, 1.0 / total, l2, d);
        double[] p = new double[d + 1];
        double[] g = new double[d + 1];
        double f = problem.evaluate(p, g);
        Deque<double[]> sHistory = new ArrayDeque<>();
        Deque<double[]> yHistory = new ArrayDeque<>();
        for (int iteration = 0; iteration < MAX_ITERATIONS && norm(g) > GRADIENT_TOLERANCE; iteration++) {
            double[] direction = direction(g, sHistory, yHistory);
            double slope = dot(direction, g);
            if (slope >= 0) { // not a descent direction: restart from steepest descent
                sHistory.clear();
                yHistory.clear();
                direction = negate(g);
                slope = dot(direction, g);
            }
            double step = iteration == 0 ? Math.min(1.0, 1.0 / norm(g)) : 1.0;
            double[] next = new double[d + 1];
            double[] nextGradient = new double[d + 1];
            double nextValue;
            int tries = 0;
            while (true) {
                for (int i = 0; i <= d; i++) next[i] = p[i] + step * direction[i];
                nextValue = problem.evaluate(next, nextGradient);
                if (nextValue <= f + 1e-4 * step * slope || ++tries > 40) break;
                step *= 0.5;
            }
            double[] s = new double[d + 1];
            double[] yy = new double[d + 1];
            for (int i = 0; i <= d; i++) {
                s[i] = next[i] - p[i];
                yy[i] = nextGradient[i] - g[i];
            }
            if (dot(s, yy) > 1e-12) {
                sHistory.addLast(s);
                yHistory.addLast(yy);
                if (sHistory.size() > MEMORY) {
                    sHistory.removeFirst();
                    yHistory.removeFirst();
                }
            }
            boolean stalled = f - nextValue < 1e-12 * Math.max(1.0, Math.abs(f));
            p = next;
            g = nextGradient;
            f = nextValue;
            if (stalled) break;
        }
        double[] weights = new double[d];
        System.arraycopy(p, 0, weights, 0, d);
        return new Fit(weights, p[d]);
    }

    /** The L-BFGS two-loop recursion: an approximation of -H⁻¹g. */
    private static double[] direction(double[] g, Deque<double[]> sHistory, Deque<double[]> yHistory) {
        double[] q = g.clone();
        int m = sHistory.size();
        double[][] s = sHistory.toArray(new double[0][]);
        double[][] y = yHistory.toArray(new double[0][]);
        double[] alpha = new double[m];
        for (int i = m - 1; i >= 0; i--) {
            alpha[i] = dot(s[i], q) / dot(y[i], s[i]);
            for (int j = 0; j < q.length; j++) q[j] -= alpha[i] * y[i][j];
        }
        if (m > 0) {
            double gamma = dot(s[m - 1], y[m - 1]) / dot(y[m - 1], y[m - 1]);
            for (int j = 0; j < q.length; j++) q[j] *= gamma;
        }
        for (int i = 0; i < m; i++) {
            double beta = dot(y[i], q) / dot(y[i], s[i]);
            for (int j = 0; j < q.length; j++) q[j] += s[i][j] * (alpha[i] - beta);
        }
        return negate(q);
    }

    /** The objective and its gradient, summed over fixed row blocks. */
    private record Problem(float[][] x, boolean[] y, double[] weight, double scale, double l2, int d) {
        double evaluate(double[] p, double[] gradient) {
            int n = x.length;
            double[][] blockGradients = new double[BLOCKS][];
            double[] blockLoss = new double[BLOCKS];
            IntStream.range(0, BLOCKS).parallel().forEach(b -> {
                int from = (int) ((long) n * b / BLOCKS);
                int to = (int) ((long) n * (b + 1) / BLOCKS);
                double[] local = new double[d + 1];
                double loss = 0;
                for (int r = from; r < to; r++) {
                    float[] row = x[r];
                    double z = p[d];
                    for (int i = 0; i < d; i++) z += p[i] * row[i];
                    double w = weight[r] * scale;
                    // log(1 + e^-z) for a positive, log(1 + e^z) for a negative, computed without overflow
                    double margin = y[r] ? z : -z;
                    loss += w * (margin > 0 ? StrictMath.log1p(StrictMath.exp(-margin)) : -margin + StrictMath.log1p(StrictMath.exp(margin)));
                    double residual = w * (sigmoid(z) - (y[r] ? 1 : 0));
                    for (int i = 0; i < d; i++) local[i] += residual * row[i];
                    local[d] += residual;
                }
                blockGradients[b] = local;
                blockLoss[b] = loss;
            });
            double value = 0;
            java.util.Arrays.fill(gradient, 0);
            for (int b = 0; b < BLOCKS; b++) {
                value += blockLoss[b];
                for (int i = 0; i <= d; i++) gradient[i] += blockGradients[b][i];
            }
            for (int i = 0; i < d; i++) {
                value += 0.5 * l2 * p[i] * p[i];
                gradient[i] += l2 * p[i];
            }
            return value;
        }
    }

    static double sigmoid(double z) {
        return z >= 0 ? 1 / (1 + StrictMath.exp(-z)) : StrictMath.exp(z) / (1 + StrictMath.exp(z));
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) sum += a[i] * b[i];
        return sum;
    }

    private static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    private static double[] negate(double[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) out[i] = -a[i];
        return out;
    }
}
