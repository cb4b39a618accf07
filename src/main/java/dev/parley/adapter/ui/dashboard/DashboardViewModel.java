package dev.parley.adapter.ui.dashboard;

import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.console.AcknowledgementTimes;
import dev.parley.application.console.DashboardFigures;
import dev.parley.application.console.WhyInReview;
import dev.parley.application.console.FindQueues;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** Loads the dashboard's figures in the background; the view turns them into charts. */
public final class DashboardViewModel {
    private final FindQueues queues;
    private final TaskExecutor executor;
    private final ObjectProperty<DashboardFigures> figures = new SimpleObjectProperty<>();
    private final StringProperty status = new SimpleStringProperty("Loading…");
    private final StringProperty acknowledgement = new SimpleStringProperty("");
    private final dev.parley.application.console.BuyerJourneys journeys;
    private final ObjectProperty<dev.parley.application.console.BuyerJourneys.Funnel> funnel =
            new SimpleObjectProperty<>();

    public DashboardViewModel(FindQueues queues, TaskExecutor executor) {
        this(queues, executor, null);
    }

    /** @param journeys the buyer-sms funnel (conversations by phase, median times); null: not shown */
    public DashboardViewModel(FindQueues queues, TaskExecutor executor,
                              dev.parley.application.console.BuyerJourneys journeys) {
        this.queues = queues;
        this.executor = executor;
        this.journeys = journeys;
    }

    /** Buyer conversations the funnel counts (the most recent ones). */
    public static final int FUNNEL_LIMIT = 5_000;

    public ObjectProperty<dev.parley.application.console.BuyerJourneys.Funnel> funnel() { return funnel; }

    /** "Median time to first match 4m · to a tour 2d" (or "no … yet"). */
    public static String medians(dev.parley.application.console.BuyerJourneys.Funnel f) {
        return "Median time to first match: " + (f.medianToFirstMatch() == null ? "none yet"
                : age(f.medianToFirstMatch())) + " · to a confirmed tour: " + (f.medianToTour() == null ? "none yet"
                : age(f.medianToTour()));
    }

    public ObjectProperty<DashboardFigures> figures() { return figures; }
    public StringProperty status() { return status; }
    /** Time to acknowledge critical alerts (7 days), in words. */
    public StringProperty acknowledgement() { return acknowledgement; }

    public void refresh() {
        long started = System.nanoTime();
        executor.submit(p -> queues.dashboard(), f -> {
            acknowledgement.set(describe(f.acknowledgement()));
            figures.set(f);
            status.set("Updated (" + (System.nanoTime() - started) / 1_000_000 + " ms)");
        }, e -> status.set("Could not load figures: " + e.getClass().getSimpleName()));
        if (journeys != null) {
            executor.submit(p -> journeys.funnel(FUNNEL_LIMIT), funnel::set,
                    e -> status.set("Could not load the buyer funnel: " + e.getClass().getSimpleName()));
        }
    }

    /** "Critical alerts, last 7 days: 12 raised, 10 acknowledged; time to acknowledge median 3 min, p90 14 min. …" */
    static String describe(AcknowledgementTimes t) {
        if (t == null || t.raised() == 0) return "Critical alerts, last 7 days: none raised.";
        var text = new StringBuilder("Critical alerts, last 7 days: " + t.raised() + " raised, " + t.acknowledged()
                + " acknowledged");
        if (t.median() != null) {
            text.append("; time to acknowledge median ").append(WhyInReview.duration(t.median())).append(", p90 ")
                    .append(WhyInReview.duration(t.p90()));
        }
        text.append(". ");
        text.append(t.waiting() == 0 ? "None waits unacknowledged." : t.waiting() + " unacknowledged, the oldest for "
                + WhyInReview.duration(t.longestWaiting()) + ".");
        return text.toString();
    }

    /** "3h 12m" style age. */
    public static String age(java.time.Duration d) {
        if (d.toMinutes() < 1) return "<1m";
        if (d.toHours() < 1) return d.toMinutes() + "m";
        if (d.toDays() < 2) return d.toHours() + "h " + d.toMinutesPart() + "m";
        return d.toDays() + "d";
    }
}
