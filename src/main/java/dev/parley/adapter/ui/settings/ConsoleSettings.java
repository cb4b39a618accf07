package dev.parley.adapter.ui.settings;

/** The console's own preferences (operator name, theme, alert pattern source), kept in the Parley home. */
public interface ConsoleSettings {
    String operatorName();

    void setOperatorName(String name);

    /** "light" or "dark". */
    String theme();

    void setTheme(String theme);

    String alertPatterns();

    void setAlertPatterns(String source);
}
