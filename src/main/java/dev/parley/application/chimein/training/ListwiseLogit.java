package dev.parley.application.chimein.training;

import java.util.List;

/**
 * Fits a listwise (conditional) logistic model: in each group one option is chosen among several, with probability
 * softmax(w · x); the target is a distribution over the group's options (uniform over its right answers). Loss: the
 * mean cross-entropy over groups plus {@code l2 / 2 · |w|²}. The problem is strictly convex, so Newton's method
 * (exact Hessian, backtracking line search, run until the step is below 1e-12) reaches its one optimum to machine
 * precision whatever the path: the same data gives the same weights, digit for digit, which is what lets a shipped
 * weights file be rebuilt byte-identical. Small dimensions only (the Hessian is dense).
 */
public final class ListwiseLogit {
    private static final int MAX_ITERATIONS = 200;

    /** One choice: its options' feature rows (all of one length) and the target probability of each. */
    public record Group(double[][] options, double[] target) {
        public Group {
            if (options.length != target.length) throw new IllegalArgumentException("one target per option");
            if (options.length == 0) throw new IllegalArgumentException("a group needs options");
        }
    }

    private ListwiseLogit() {
    }

    public static double[] fit(List<Group> groups, int dimensions, double l2) {
        if (groups.isEmpty()) throw new IllegalArgumentException("nothing to fit");
        var w = new double[dimensions];
        double loss = evaluate(groups, w, l2, null, null);
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            var gradient = new double[dimensions];
            var hessian = new double[dimensions][dimensions];
            evaluate(groups, w, l2, gradient, hessian);
            var step = solve(hessian, negate(gradient));
            double slope = dot(gradient, step);
            double t = 1;
            double[] next;
            double nextLoss;
            while (true) {
                next = axpy(w, t, step);
                nextLoss = evaluate(groups, next, l2, null, null);
                if (nextLoss <= loss + 1e-4 * t * slope || t < 1e-10) break;
                t /= 2;
            }
            double moved = 0;
            for (int i = 0; i < dimensions; i++) moved = Math.max(moved, Math.abs(next[i] - w[i]));
            w = next;
            loss = nextLoss;
            if (moved < 1e-12) break;
        }
        return w;
    }

    /** Mean loss at {@code w}; fills the gradient and Hessian when given. */
    static double evaluate(List<Group> groups, double[] w, double l2, double[] gradient, double[][] hessian) {
        int d = w.length;
        double loss = 0;
        double scale = 1.0 / groups.size();
        for (var g : groups) {
            int n = g.options().length;
            var s = new double[n];
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < n; k++) {
                s[k] = dot(w, g.options()[k]);
                max = Math.max(max, s[k]);
            }
            double sum = 0;
            for (int k = 0; k < n; k++) sum += Math.exp(s[k] - max);
            double logSum = max + Math.log(sum);
            var p = new double[n];
            for (int k = 0; k < n; k++) {
                p[k] = Math.exp(s[k] - logSum);
                if (g.target()[k] > 0) loss -= scale * g.target()[k] * (s[k] - logSum);
            }
            if (gradient == null) continue;
            var mean = new double[d];
            for (int k = 0; k < n; k++) {
                var x = g.options()[k];
                double coefficient = scale * (p[k] - g.target()[k]);
                for (int i = 0; i < d; i++) {
                    gradient[i] += coefficient * x[i];
                    mean[i] += p[k] * x[i];
                }
                for (int i = 0; i < d; i++) {
                    if (x[i] == 0) continue;
                    double a = scale * p[k] * x[i];
                    for (int j = 0; j < d; j++) hessian[i][j] += a * x[j];
                }
            }
            for (int i = 0; i < d; i++) {
                if (mean[i] == 0) continue;
                for (int j = 0; j < d; j++) hessian[i][j] -= scale * mean[i] * mean[j];
            }
        }
        loss += 0.5 * l2 * dot(w, w);
        if (gradient != null) {
            for (int i = 0; i < d; i++) {
                gradient[i] += l2 * w[i];
                hessian[i][i] += l2;
            }
        }
        return loss;
    }

    /** Solves {@code a x = b} for a symmetric positive definite {@code a} (Cholesky). */
    static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        var l = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double sum = a[i][j];
                for (int k = 0; k < j; k++) sum -= l[i][k] * l[j][k];
                if (i == j) {
                    if (sum <= 0) throw new ArithmeticException("the Hessian is not positive definite");
                    l[i][i] = Math.sqrt(sum);
                } else {
                    l[i][j] = sum / l[j][j];
                }
            }
        }
        var y = new double[n];
        for (int i = 0; i < n; i++) {
            double sum = b[i];
            for (int k = 0; k < i; k++) sum -= l[i][k] * y[k];
            y[i] = sum / l[i][i];
        }
        var x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double sum = y[i];
            for (int k = i + 1; k < n; k++) sum -= l[k][i] * x[k];
            x[i] = sum / l[i][i];
        }
        return x;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * b[i];
        return s;
    }

    private static double[] negate(double[] a) {
        var out = new double[a.length];
        for (int i = 0; i < a.length; i++) out[i] = -a[i];
        return out;
    }

    private static double[] axpy(double[] x, double t, double[] d) {
        var out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = x[i] + t * d[i];
        return out;
    }
}
