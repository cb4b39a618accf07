package dev.parley.adapter.ui;

import javafx.scene.Scene;

/** Applies the base sheet plus the light or dark theme sheet from {@code styles/}. */
public final class Themes {
    private Themes() {
    }

    public static void apply(Scene scene, String theme) {
        var name = "dark".equals(theme) ? "dark" : "light";
        scene.getStylesheets().setAll(sheet("base.css"), sheet(name + ".css"));
    }

    private static String sheet(String file) {
        var url = Themes.class.getResource("/styles/" + file);
        if (url == null) throw new IllegalStateException("missing styles/" + file);
        return url.toExternalForm();
    }
}
