package dev.parley.application.alerts.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LogisticRegressionTest {

    /** Two noisy clouds in 8 dimensions, the positives shifted along the first axis. */
    private static float[][] rows(boolean[] labels, long seed) {
        var random = new Random(seed);
        var x = new float[labels.length][8];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = i % 3 == 0;
            for (int d = 0; d < 8; d++) x[i][d] = (float) random.nextGaussian();
            if (labels[i]) x[i][0] += 2.5f;
        }
        return x;
    }

    @Test
    void learnsTheDirectionThatSeparatesTheClassesAndGivesTheSameWeightsEveryTime() {
        var y = new boolean[600];
        var x = rows(y, 1);
        var w = new double[600];
        Arrays.fill(w, 1.0);
        var fit = LogisticRegression.fit(x, y, w, 1e-3);
        assertThat(fit.weights()[0]).isGreaterThan(1.0);
        for (int d = 1; d < 8; d++) assertThat(Math.abs(fit.weights()[d])).isLessThan(0.5);
        assertThat(fit.score(new float[] {3, 0, 0, 0, 0, 0, 0, 0})).isGreaterThan(0.9);
        assertThat(fit.score(new float[] {-2, 0, 0, 0, 0, 0, 0, 0})).isLessThan(0.1);

        var again = LogisticRegression.fit(x, y, w, 1e-3);
        assertThat(again.weights()).isEqualTo(fit.weights());
        assertThat(again.bias()).isEqualTo(fit.bias());
    }

    @Test
    void strongerRegularisationShrinksTheWeights() {
        var y = new boolean[300];
        var x = rows(y, 2);
        var w = new double[300];
        Arrays.fill(w, 1.0);
        assertThat(LogisticRegression.fit(x, y, w, 1.0).weights()[0])
                .isLessThan(LogisticRegression.fit(x, y, w, 1e-4).weights()[0]);
    }

    @Test
    void rowWeightsCount() {
        var y = new boolean[300];
        var x = rows(y, 3);
        var even = new double[300];
        Arrays.fill(even, 1.0);
        var positivesHeavy = new double[300];
        for (int i = 0; i < 300; i++) positivesHeavy[i] = y[i] ? 10 : 1;
        assertThat(LogisticRegression.fit(x, y, positivesHeavy, 1e-3).bias())
                .isGreaterThan(LogisticRegression.fit(x, y, even, 1e-3).bias());
    }
}
