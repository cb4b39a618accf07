package dev.parley.adapter.ui;

import dev.parley.adapter.ui.context.ConsoleContext;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The JavaFX application. JavaFX constructs it reflectively, so the composition root hands the
 * {@link ConsoleContext} over through {@link #launch(ConsoleContext)}: the only static state in the console.
 */
public final class ConsoleApplication extends Application {
    private static final AtomicReference<ConsoleContext> HANDOFF = new AtomicReference<>();
    private ConsoleWindow window;

    /** Opens the console and blocks until its window is closed. */
    public static void launch(ConsoleContext context) {
        if (!HANDOFF.compareAndSet(null, context)) throw new IllegalStateException("console already launched");
        Application.launch(ConsoleApplication.class);
    }

    @Override
    public void start(Stage stage) {
        var context = HANDOFF.get();
        Platform.setImplicitExit(true);
        window = new ConsoleWindow(context);
        window.show(stage);
        var tour = System.getProperty("parley.console.screenshots");
        if (tour != null && !tour.isBlank()) new ScreenshotTour(window, java.nio.file.Path.of(tour)).start();
    }

    @Override
    public void stop() {
        if (window != null) window.close();
    }
}
