package dev.parley.adapter.ui.dashboard;

import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.console.DashboardFigures;
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

    public DashboardViewModel(FindQueues queues, TaskExecutor executor) {
        this.queues = queues;
        this.executor = executor;
    }

    public ObjectProperty<DashboardFigures> figures() { return figures; }
    public StringProperty status() { return status; }

    public void refresh() {
        long started = System.nanoTime();
        executor.submit(p -> queues.dashboard(), f -> {
            figures.set(f);
            status.set("Updated (" + (System.nanoTime() - started) / 1_000_000 + " ms)");
        }, e -> status.set("Could not load figures: " + e.getClass().getSimpleName()));
    }

    /** "3h 12m" style age. */
    public static String age(java.time.Duration d) {
        if (d.toMinutes() < 1) return "<1m";
        if (d.toHours() < 1) return d.toMinutes() + "m";
        if (d.toDays() < 2) return d.toHours() + "h " + d.toMinutesPart() + "m";
        return d.toDays() + "d";
    }
}
