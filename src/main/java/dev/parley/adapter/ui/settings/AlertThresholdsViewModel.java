package dev.parley.adapter.ui.settings;

import dev.parley.application.alerts.AlertThresholds;
import dev.parley.domain.alert.learned.AlertHead;
import dev.parley.domain.alert.learned.HeadThresholds;
import dev.parley.domain.alert.learned.ScoreHistogram;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Settings for the learned alert heads: each head's critical and review thresholds, with the dev-set recall and
 * false-alarm rates at the value shown recomputed as the operator moves it (from the cross-validated score
 * histograms the model file keeps), so recall is traded for noise knowingly. {@link #apply()} uses the values from
 * the next message on and keeps them.
 */
public final class AlertThresholdsViewModel {

    /** One head: its thresholds as being edited and what they would mean on the dev data. */
    public static final class Row {
        private final AlertHead head;
        private final HeadThresholds trained;
        private final DoubleProperty critical;
        private final DoubleProperty review;
        private final StringProperty criticalFigures = new SimpleStringProperty();
        private final StringProperty reviewFigures = new SimpleStringProperty();

        Row(AlertHead head, HeadThresholds trained) {
            this.head = head;
            this.trained = trained;
            this.critical = new SimpleDoubleProperty(head.thresholds().critical());
            this.review = new SimpleDoubleProperty(head.thresholds().review());
            critical.addListener((o, a, b) -> criticalFigures.set(figures(critical.get())));
            review.addListener((o, a, b) -> reviewFigures.set(figures(review.get())));
            criticalFigures.set(figures(critical.get()));
            reviewFigures.set(figures(review.get()));
        }

        public String category() { return head.category(); }
        public boolean raisesAlerts() { return head.raisesAlerts(); }
        public String positives() { return head.dev().positives(); }
        public DoubleProperty critical() { return critical; }
        public DoubleProperty review() { return review; }
        public StringProperty criticalFigures() { return criticalFigures; }
        public StringProperty reviewFigures() { return reviewFigures; }

        void reset() {
            critical.set(trained.critical());
            review.set(trained.review());
        }

        /** "0.848 · recall 84% · false alarms 0.9% (sms_ham 0.2%, tweet_neither 0.1%, post_non_suicide 3.3%)". */
        private String figures(double threshold) {
            ScoreHistogram h = head.histogram();
            var perSource = new StringBuilder();
            for (var source : h.benign().keySet()) {
                if (!perSource.isEmpty()) perSource.append(", ");
                perSource.append(source).append(' ').append(percent(h.falseAlarmRateAt(source, threshold)));
            }
            return String.format(Locale.ROOT, "%.3f · recall %s · false alarms %s (%s)", threshold,
                    percent(h.recallAt(threshold)), percent(h.pooledFalseAlarmRateAt(threshold)), perSource);
        }
    }

    private final AlertThresholds thresholds;
    private final List<Row> rows;
    private final StringProperty status = new SimpleStringProperty("");

    public AlertThresholdsViewModel(AlertThresholds thresholds) {
        this.thresholds = thresholds;
        this.rows = thresholds.heads().stream().map(h -> new Row(h, thresholds.trained(h.category()))).toList();
        if (rows.isEmpty()) status.set("The learned alert model is off (alerts.model=off): patterns only.");
    }

    public List<Row> rows() {
        return rows;
    }

    public StringProperty status() {
        return status;
    }

    /** Back to the thresholds the heads were trained with (not applied until {@link #apply()}). */
    public void resetAll() {
        rows.forEach(Row::reset);
        status.set("Trained thresholds shown; apply to use them.");
    }

    /** Uses the values shown from the next message on and keeps them; refuses a review above its critical. */
    public void apply() {
        var chosen = new LinkedHashMap<String, HeadThresholds>();
        for (var row : rows) {
            try {
                chosen.put(row.category(), new HeadThresholds(row.critical().get(), row.review().get()));
            } catch (IllegalArgumentException e) {
                status.set("Not applied: " + row.category() + ": " + e.getMessage());
                return;
            }
        }
        try {
            thresholds.choose(chosen);
        } catch (RuntimeException e) {
            status.set("Not applied: " + e.getMessage());
            return;
        }
        status.set("Applied: thresholds are in force from the next message.");
    }

    private static String percent(double share) {
        return share < 0.1 ? String.format(Locale.ROOT, "%.1f%%", share * 100)
                : String.format(Locale.ROOT, "%.0f%%", share * 100);
    }
}
