package dev.parley.adapter.ui.common;

import javafx.stage.Window;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Desktop notifications through ControlsFX; silent when headless or when no window is showing. */
public final class FxNotifier implements Notifier {
    private static final Logger LOG = LoggerFactory.getLogger(FxNotifier.class);

    public static boolean headless() {
        return Boolean.getBoolean("testfx.headless") || "Monocle".equals(System.getProperty("glass.platform"))
                || Boolean.getBoolean("parley.console.quiet");
    }

    @Override
    public void critical(String title, String text) {
        if (headless() || Window.getWindows().stream().noneMatch(Window::isShowing)) return;
        try {
            Notifications.create().title(title).text(text).hideAfter(Duration.seconds(8)).showWarning();
        } catch (RuntimeException e) {
            LOG.debug("notification not shown: {}", e.getClass().getName());
        }
    }
}
