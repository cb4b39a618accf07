package dev.parley.adapter.ui.settings;

import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;

/** The safety policy section of Settings: {@code safety.json}, a test box with the live decisions, and Save. */
public final class SafetyPolicyEditor {
    private final VBox root = new VBox(8);

    public SafetyPolicyEditor(SafetyPolicyViewModel model) {
        var title = new Label("Safety policy (safety.json)");
        title.getStyleClass().add("page-title");
        var policy = new TextArea();
        policy.setId("safety-policy");
        policy.setPrefRowCount(12);
        policy.setAccessibleText("Safety policy (safety.json)");
        policy.textProperty().bindBidirectional(model.policy());
        var sample = new TextField();
        sample.setId("safety-sample");
        sample.setPromptText("test a message against the policy being edited");
        sample.setAccessibleText("Test a message against the safety policy");
        sample.textProperty().bindBidirectional(model.sample());
        var result = new Label();
        result.setId("safety-result");
        result.setWrapText(true);
        result.textProperty().bind(model.result());
        var save = new Button("Save safety policy");
        save.setId("safety-save");
        save.setOnAction(e -> model.save());
        var status = new Label();
        status.setId("safety-status");
        status.setWrapText(true);
        status.getStyleClass().add("muted");
        status.textProperty().bind(model.status());
        root.getChildren().addAll(title, policy, sample, result, save, status);
        model.load();
    }

    public Parent root() {
        return root;
    }
}
