package dev.parley.adapter.ui.replay;

import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.console.ReplayRunner;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** Runs a replay in the background through the {@link ReplayRunner} port: progress, cancel, transcript. */
public final class ReplayViewModel {
    private final ReplayRunner runner;
    private final TaskExecutor executor;
    private final StringProperty source = new SimpleStringProperty("");
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty status = new SimpleStringProperty("Open a replay file or enter a conversation id.");
    private final SimpleBooleanProperty running = new SimpleBooleanProperty(false);
    private final SimpleBooleanProperty compare = new SimpleBooleanProperty(false);
    private final ObservableList<ReplayRunner.Line> transcript = FXCollections.observableArrayList();
    private TaskExecutor.Handle handle;

    public ReplayViewModel(ReplayRunner runner, TaskExecutor executor) {
        this.runner = runner;
        this.executor = executor;
    }

    public StringProperty source() { return source; }
    public DoubleProperty progress() { return progress; }
    public StringProperty status() { return status; }
    public ReadOnlyBooleanProperty running() { return running; }
    public SimpleBooleanProperty compare() { return compare; }
    public ObservableList<ReplayRunner.Line> transcript() { return transcript; }

    /** A number is a stored conversation id; anything else a replay file path. */
    ReplayRunner.Source parsedSource() {
        var s = source.get() == null ? "" : source.get().strip();
        if (s.isEmpty()) return null;
        if (s.matches("\\d{1,18}")) return new ReplayRunner.Source.Conversation(Long.parseLong(s));
        return new ReplayRunner.Source.File(Path.of(s));
    }

    public void run() {
        var what = parsedSource();
        if (what == null || running.get()) return;
        running.set(true);
        progress.set(0);
        transcript.clear();
        status.set("Replaying…");
        handle = executor.submit(p -> runner.run(what, p::update, p::cancelled), p -> {
            if (p[1] > 0) {
                progress.set(p[0] / p[1]);
                status.set("Replaying… " + (long) p[0] + " / " + (long) p[1] + " events");
            }
        }, result -> {
            running.set(false);
            transcript.setAll(result.transcript());
            long differ = result.transcript().stream().filter(ReplayRunner.Line::differs).count();
            status.set((result.cancelled() ? "Cancelled after " : "Done: ") + result.transcript().size()
                    + " lines" + (differ > 0 ? ", " + differ + " differ from the stored conversation" : ""));
        }, e -> {
            running.set(false);
            status.set(e instanceof CancellationException ? "Cancelled" : "Replay failed: " + e.getMessage());
        });
    }

    public void cancel() {
        if (handle != null && running.get()) handle.cancel();
    }
}
