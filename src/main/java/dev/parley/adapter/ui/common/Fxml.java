package dev.parley.adapter.ui.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;

/** Loads {@code fxml/<name>.fxml} with an already constructed view as its controller (constructor injection). */
public final class Fxml {
    private Fxml() {
    }

    public static <T extends Parent> T load(String name, Object view) {
        var url = Fxml.class.getResource("/fxml/" + name + ".fxml");
        if (url == null) throw new IllegalStateException("missing fxml/" + name + ".fxml");
        var loader = new FXMLLoader(url);
        loader.setController(view);
        try {
            return loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load fxml/" + name + ".fxml", e);
        }
    }
}
