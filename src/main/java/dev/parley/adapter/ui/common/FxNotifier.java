package dev.parley.adapter.ui.common;

import javafx.geometry.Pos;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Desktop notifications through ControlsFX, plus the tray icon and taskbar badge; silent when headless or when no
 * window is showing. A reminder of an unacknowledged critical alert is louder: it stays until dismissed, rings the
 * bell and brings the window to the front.
 */
public final class FxNotifier implements Notifier, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FxNotifier.class);
    private final DesktopAttention desktop = new DesktopAttention();

    public static boolean headless() {
        return Boolean.getBoolean("testfx.headless") || "Monocle".equals(System.getProperty("glass.platform"))
                || Boolean.getBoolean("parley.console.quiet");
    }

    @Override
    public void critical(String title, String text) {
        if (quiet()) return;
        try {
            Notifications.create().title(title).text(text).hideAfter(Duration.seconds(8)).showWarning();
        } catch (RuntimeException e) {
            LOG.debug("notification not shown: {}", e.getClass().getName());
        }
    }

    @Override
    public void urgent(String title, String text) {
        if (quiet()) return;
        try {
            Notifications.create().title(title).text(text).position(Pos.TOP_CENTER).hideAfter(Duration.INDEFINITE)
                    .showError();
            java.awt.Toolkit.getDefaultToolkit().beep();
            Window.getWindows().stream().filter(Window::isShowing).filter(w -> w instanceof Stage)
                    .map(w -> (Stage) w).findFirst().ifPresent(stage -> {
                        if (stage.isIconified()) stage.setIconified(false);
                        stage.toFront();
                    });
        } catch (RuntimeException | Error e) {
            LOG.debug("reminder not shown: {}", e.getClass().getName());
        }
    }

    @Override
    public void attention(long unacknowledgedCritical, long inReview) {
        if (headless()) return;
        desktop.show(unacknowledgedCritical, inReview);
    }

    private static boolean quiet() {
        return headless() || Window.getWindows().stream().noneMatch(Window::isShowing);
    }

    @Override
    public void close() {
        desktop.close();
    }
}
