package dev.parley.domain.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlertSeverityTest {
    @Test
    void theStoredWordsAreTheOnesTheDatabaseJsonAndTranscriptsAlreadyHold() {
        assertThat(Arrays.stream(AlertSeverity.values()).map(AlertSeverity::wire))
                .containsExactly("CRITICAL", "WARNING", "HIGH_VALUE", "ESCALATION", "SLA_BREACH");
        for (var s : AlertSeverity.values()) assertThat(AlertSeverity.fromWire(s.wire())).isSameAs(s);
    }

    @Test
    void anUnknownOrMisspeltWordIsRefused() {
        for (var word : Arrays.asList("critical", "INFO", "", null)) {
            assertThatThrownBy(() -> AlertSeverity.fromWire(word)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void eachSeverityBelongsToOneQueue() {
        assertThat(AlertSeverity.REVIEW).containsExactly(AlertSeverity.CRITICAL, AlertSeverity.WARNING);
        assertThat(List.of(AlertSeverity.CRITICAL.reviewTier(), AlertSeverity.WARNING.reviewTier(),
                AlertSeverity.HIGH_VALUE.reviewTier())).containsExactly(0, 1, -1);
        assertThat(Arrays.stream(AlertSeverity.values()).filter(AlertSeverity::escalation))
                .containsExactly(AlertSeverity.ESCALATION, AlertSeverity.SLA_BREACH);
        assertThat(Arrays.stream(AlertSeverity.values()).filter(AlertSeverity::informational))
                .containsExactly(AlertSeverity.HIGH_VALUE);
        assertThat(Arrays.stream(AlertSeverity.values()).map(AlertSeverity::attention)).containsExactly(3, 2, 1, 2, 2);
    }

    @Test
    void aPatternCategoryIsCriticalOrHighValueOnly() {
        assertThatThrownBy(() -> new AlertCategory("c", "C", AlertSeverity.WARNING, List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
