package dev.parley.adapter.ui;

import java.util.Map;
import javafx.scene.Scene;

/**
 * Applies the base sheet plus the light or dark theme sheet from {@code styles/}, and the text size: every size in
 * the sheets is relative (em) to the root's, so one setting scales the whole window.
 */
public final class Themes {
    /** Root font size of each text size setting, in pixels. */
    static final Map<String, Integer> TEXT_SIZES = Map.of("normal", 13, "large", 16, "larger", 20);

    private Themes() {
    }

    public static void apply(Scene scene, String theme) {
        var name = "dark".equals(theme) ? "dark" : "light";
        scene.getStylesheets().setAll(sheet("base.css"), sheet(name + ".css"));
    }

    public static void applyTextSize(Scene scene, String size) {
        scene.getRoot().setStyle("-fx-font-size: " + TEXT_SIZES.getOrDefault(size, 13) + "px;");
    }

    private static String sheet(String file) {
        var url = Themes.class.getResource("/styles/" + file);
        if (url == null) throw new IllegalStateException("missing styles/" + file);
        return url.toExternalForm();
    }
}
