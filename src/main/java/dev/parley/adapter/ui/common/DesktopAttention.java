package dev.parley.adapter.ui.common;

import java.awt.Color;
import java.awt.EventQueue;
import java.awt.Font;
import java.awt.RenderingHints;
import java.awt.SystemTray;
import java.awt.Taskbar;
import java.awt.TrayIcon;
import java.awt.image.BufferedImage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What waits, outside the window: a tray icon with the count and a tooltip (where the desktop has a system tray)
 * and the taskbar badge (where the platform supports one, e.g. macOS). Both are optional desktop features; the
 * window title, which every taskbar shows, carries the same count (MainViewModel). Runs on the AWT event thread.
 */
final class DesktopAttention {
    private static final Logger LOG = LoggerFactory.getLogger(DesktopAttention.class);
    private TrayIcon icon;
    private boolean unavailable;
    private long shown = -1;

    void show(long unacknowledgedCritical, long inReview) {
        long count = inReview;
        if (count == shown && icon != null) return;
        shown = count;
        var tooltip = "Parley: " + unacknowledgedCritical + " critical unacknowledged, " + inReview + " in review";
        EventQueue.invokeLater(() -> update(count, unacknowledgedCritical > 0, tooltip));
    }

    private void update(long count, boolean critical, String tooltip) {
        try {
            if (Taskbar.isTaskbarSupported() && Taskbar.getTaskbar().isSupported(Taskbar.Feature.ICON_BADGE_NUMBER)) {
                Taskbar.getTaskbar().setIconBadge(count > 0 ? Long.toString(count) : null);
            }
            if (unavailable || !SystemTray.isSupported()) {
                unavailable = true;
                return;
            }
            var image = image(count, critical);
            if (icon == null) {
                icon = new TrayIcon(image, tooltip);
                icon.setImageAutoSize(true);
                SystemTray.getSystemTray().add(icon);
            } else {
                icon.setImage(image);
                icon.setToolTip(tooltip);
            }
        } catch (RuntimeException | java.awt.AWTException | Error e) {
            unavailable = true;
            LOG.debug("no tray or taskbar badge: {}", e.getClass().getName());
        }
    }

    /** A round badge with the count: red while a critical alert is unacknowledged. */
    static BufferedImage image(long count, boolean critical) {
        var image = new BufferedImage(32, 32, BufferedImage.TYPE_INT_ARGB);
        var g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(critical ? new Color(0xC6, 0x2F, 0x2F) : count > 0 ? new Color(0x2F, 0x6F, 0xDB)
                : new Color(0x5D, 0x68, 0x75));
        g.fillOval(0, 0, 32, 32);
        g.setColor(Color.WHITE);
        var text = count > 99 ? "99+" : Long.toString(count);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, text.length() > 2 ? 12 : 16));
        var metrics = g.getFontMetrics();
        g.drawString(text, (32 - metrics.stringWidth(text)) / 2, (32 - metrics.getHeight()) / 2 + metrics.getAscent());
        g.dispose();
        return image;
    }

    void close() {
        var current = icon;
        if (current != null) EventQueue.invokeLater(() -> SystemTray.getSystemTray().remove(current));
    }
}
