package dev.parley.adapter.ui.common;

/** Port for desktop notifications (ControlsFX on a screen; nothing when headless) and the attention count. */
public interface Notifier {
    /** A new critical alert. */
    void critical(String title, String text);

    /**
     * The second, louder notification of a critical alert nobody has acknowledged in time: it stays until
     * dismissed and asks for the user's attention (sound, window to the front).
     */
    default void urgent(String title, String text) {
        critical(title, text);
    }

    /**
     * What waits, for the tray icon, the taskbar badge and the window title: critical alerts nobody has acknowledged
     * and conversations in Human review.
     */
    default void attention(long unacknowledgedCritical, long inReview) {
    }

    Notifier NONE = (title, text) -> { };
}
