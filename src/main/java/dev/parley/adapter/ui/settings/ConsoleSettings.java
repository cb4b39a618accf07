package dev.parley.adapter.ui.settings;

/** The console's own preferences (operator name, theme, alert pattern source), kept in the Parley home. */
public interface ConsoleSettings {
    String operatorName();

    void setOperatorName(String name);

    /** "light" or "dark". */
    String theme();

    void setTheme(String theme);

    /**
     * How long a critical alert may stay unacknowledged before the console notifies again, louder (default 10
     * minutes; 1 to 1440 minutes).
     */
    default java.time.Duration renotifyAfter() {
        return java.time.Duration.ofMinutes(10);
    }

    default void setRenotifyAfter(java.time.Duration after) {
        throw new UnsupportedOperationException("renotify time is not stored");
    }

    /** Text size of the whole window: "normal", "large" or "larger". */
    default String textSize() {
        return "normal";
    }

    default void setTextSize(String size) {
        throw new UnsupportedOperationException("text size is not stored");
    }

    String alertPatterns();

    void setAlertPatterns(String source);
}
