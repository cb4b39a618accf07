package dev.parley.adapter.ui;

import dev.parley.adapter.ui.common.FxTaskExecutor;
import dev.parley.adapter.ui.common.Notifier;
import dev.parley.bootstrap.launch.ConsoleAssembly;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real console window on a {@link ConsoleFixture}'s Parley, shown on TestFX's primary stage (headless), with its
 * own FX task executor: what a TestFX test opens in {@code @BeforeEach} and closes in {@code @AfterEach}.
 */
final class OpenConsoleWindow implements AutoCloseable {
    final FxTaskExecutor executor;
    final ConsoleWindow window;

    private OpenConsoleWindow(FxTaskExecutor executor, ConsoleWindow window) {
        this.executor = executor;
        this.window = window;
    }

    static OpenConsoleWindow on(ConsoleFixture fx) throws Exception {
        return on(fx, Notifier.NONE);
    }

    static OpenConsoleWindow on(ConsoleFixture fx, Notifier notifier) throws Exception {
        var executor = new FxTaskExecutor(2);
        var context = ConsoleAssembly.context(fx.parley.app, executor, notifier,
                ConsoleAssembly.Hooks.of(fx.parley.app), fx.settings);
        var stage = FxToolkit.registerPrimaryStage();
        var shown = new ConsoleWindow[1];
        FxToolkit.setupFixture(() -> {
            shown[0] = new ConsoleWindow(context);
            shown[0].show(stage);
        });
        WaitForAsyncUtils.waitForFxEvents();
        return new OpenConsoleWindow(executor, shown[0]);
    }

    @Override
    public void close() throws Exception {
        FxToolkit.setupFixture(window::close);
        FxToolkit.cleanupStages();
        executor.close();
    }
}
