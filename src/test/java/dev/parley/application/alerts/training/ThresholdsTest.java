package dev.parley.application.alerts.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ThresholdsTest {

    @Test
    void theLowestThresholdAtWhichEverySetStaysWithinTheRate() {
        double[] hundred = new double[100];
        for (int i = 0; i < 100; i++) hundred[i] = i / 100.0; // 0.00 … 0.99
        double t = Thresholds.lowestWithFalseAlarmsAtMost(List.of(hundred), 0.01);
        assertThat(Thresholds.shareAtOrAbove(hundred, t)).isEqualTo(0.01); // only 0.99
        assertThat(t).isGreaterThan(0.98).isLessThanOrEqualTo(0.99);
        assertThat(Thresholds.shareAtOrAbove(hundred, Math.nextDown(t))).isGreaterThan(0.01);

        double[] noisy = {0.995, 0.1, 0.2};
        assertThat(Thresholds.lowestWithFalseAlarmsAtMost(List.of(hundred, noisy), 0.01)).isGreaterThan(0.995);
    }

    @Test
    void rocAucCountsTiesAsHalf() {
        assertThat(Thresholds.rocAuc(new double[] {0.9, 0.8}, new double[] {0.1, 0.2})).isEqualTo(1.0);
        assertThat(Thresholds.rocAuc(new double[] {0.5}, new double[] {0.5})).isEqualTo(0.5);
        assertThat(Thresholds.rocAuc(new double[] {0.1}, new double[] {0.9, 0.05})).isEqualTo(0.5);
    }
}
