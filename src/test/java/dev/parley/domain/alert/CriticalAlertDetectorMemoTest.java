package dev.parley.domain.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.AlertPatternsFile;
import dev.parley.testing.RecurringTexts;
import org.junit.jupiter.api.Test;

/** Issue 17: the findings the detector remembers per text are those it computes afresh, first time and remembered. */
class CriticalAlertDetectorMemoTest {
    final CriticalAlertDetector detector = AlertPatternsFile.loadDefault().detector(MatchingMode.PARLEY);

    @Test
    void rememberedFindingsEqualComputedFindings() {
        var texts = RecurringTexts.all();
        int found = 0;
        for (int pass = 0; pass < 2; pass++) {
            for (String text : texts) {
                var fresh = detector.test(text);
                var remembered = detector.detect(text);
                assertThat(remembered).as(text).isEqualTo(fresh);
                if (!fresh.matches().isEmpty()) found++;
            }
        }
        assertThat(found).as("the texts include ones that alert").isPositive();
    }

    @Test
    void longTextsAreNotRemembered() {
        String longText = "I want to end it all. ".repeat(60);
        assertThat(longText.length()).isGreaterThan(CriticalAlertDetector.REMEMBERED_LENGTH);
        var first = detector.detect(longText);
        assertThat(detector.detect(longText)).isEqualTo(first).isNotSameAs(first);
    }
}
