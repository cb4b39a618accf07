package dev.parley.adapter.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.alerts.AlertThresholdsFile;
import dev.parley.adapter.embedding.MiniLmTextEmbedder;
import dev.parley.application.alerts.AlertThresholds;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.domain.alert.learned.HeadThresholds;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlertThresholdsViewModelTest {
    @TempDir Path home;

    private final LearnedAlerts learned = LearnedAlerts.of(AlertModelFile.load(Optional.empty()),
            new MiniLmTextEmbedder(), Map.of());

    @Test
    void movingAThresholdRecomputesItsDevFiguresAndApplyingUsesAndKeepsIt() {
        var file = new AlertThresholdsFile(home);
        var model = new AlertThresholdsViewModel(new AlertThresholds(learned, file));
        assertThat(model.rows()).extracting(AlertThresholdsViewModel.Row::category)
                .containsExactly("self_harm", "threats", "harassment", "financial_scam");
        var selfHarm = model.rows().getFirst();
        var trained = learned.heads().orElseThrow().head("self_harm").orElseThrow().thresholds();
        assertThat(selfHarm.critical().get()).isEqualTo(trained.critical());
        var atTrained = selfHarm.criticalFigures().get();
        assertThat(atTrained).contains("recall").contains("false alarms").contains("sms_ham");

        selfHarm.critical().set(0.99);
        var stricter = selfHarm.criticalFigures().get();
        assertThat(stricter).startsWith("0.990").isNotEqualTo(atTrained);
        assertThat(recall(stricter)).isLessThan(recall(atTrained));

        model.apply();
        assertThat(model.status().get()).startsWith("Applied");
        assertThat(learned.heads().orElseThrow().head("self_harm").orElseThrow().thresholds())
                .isEqualTo(new HeadThresholds(0.99, trained.review()));
        assertThat(file.load()).containsOnlyKeys("self_harm");

        model.resetAll();
        model.apply();
        assertThat(learned.heads().orElseThrow().head("self_harm").orElseThrow().thresholds()).isEqualTo(trained);
        assertThat(file.load()).isEmpty();
    }

    @Test
    void aReviewAboveItsCriticalIsRefusedAndNothingChanges() {
        var model = new AlertThresholdsViewModel(new AlertThresholds(learned, new AlertThresholdsFile(home)));
        var before = learned.heads().orElseThrow();
        model.rows().getFirst().review().set(0.999);
        model.apply();
        assertThat(model.status().get()).startsWith("Not applied: self_harm").contains("must not be above");
        assertThat(learned.heads().orElseThrow()).isEqualTo(before);
    }

    @Test
    void withTheModelOffThereIsNothingToSet() {
        var model = new AlertThresholdsViewModel(new AlertThresholds(LearnedAlerts.off(new MiniLmTextEmbedder()),
                new AlertThresholdsFile(home)));
        assertThat(model.rows()).isEmpty();
        assertThat(model.status().get()).contains("alerts.model=off");
    }

    private static double recall(String figures) {
        var at = figures.indexOf("recall ") + 7;
        return Double.parseDouble(figures.substring(at, figures.indexOf('%', at)));
    }
}
