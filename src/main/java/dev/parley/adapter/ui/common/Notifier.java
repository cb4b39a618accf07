package dev.parley.adapter.ui.common;

/** Port for desktop notifications (ControlsFX on a screen; nothing when headless). */
public interface Notifier {
    void critical(String title, String text);

    Notifier NONE = (title, text) -> { };
}
