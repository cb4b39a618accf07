package dev.parley.adapter.ui.settings;

import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The canned replies section of Settings: the list, one reply's name and text, New, Save and Delete. */
public final class CannedRepliesEditor {
    private final VBox root = new VBox(8);

    public CannedRepliesEditor(CannedRepliesViewModel model) {
        var title = new Label("Canned replies");
        title.getStyleClass().add("page-title");
        var list = new ListView<>(model.names());
        list.setId("replies-list");
        list.setPrefHeight(120);
        list.setAccessibleText("Canned replies");
        list.setPlaceholder(new Label("No canned replies yet."));
        list.getSelectionModel().selectedItemProperty().addListener((o, a, selected) -> model.select(selected));
        var name = new TextField();
        name.setId("reply-name");
        name.setPromptText("name (typed after /)");
        name.setAccessibleText("Reply name");
        name.textProperty().bindBidirectional(model.name());
        var text = new TextArea();
        text.setId("reply-text");
        text.setPrefRowCount(4);
        text.setWrapText(true);
        text.setAccessibleText("Reply text");
        text.setAccessibleHelp(model.variablesHelp());
        text.textProperty().bindBidirectional(model.text());
        var help = new Label(model.variablesHelp());
        help.getStyleClass().add("muted");
        help.setWrapText(true);
        var create = new Button("New");
        create.setOnAction(e -> model.startNew());
        var save = new Button("Save reply");
        save.setId("reply-save");
        save.setOnAction(e -> model.save());
        var delete = new Button("Delete");
        delete.setOnAction(e -> model.delete());
        var status = new Label();
        status.setId("reply-status");
        status.setWrapText(true);
        status.getStyleClass().add("muted");
        status.textProperty().bind(model.status());
        var problems = new ListView<>(model.problems());
        problems.setPrefHeight(50);
        problems.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(model.problems()));
        problems.managedProperty().bind(problems.visibleProperty());
        root.getChildren().addAll(title, list, name, text, help, new HBox(8, create, save, delete), status, problems);
        model.load();
    }

    public Parent root() {
        return root;
    }
}
