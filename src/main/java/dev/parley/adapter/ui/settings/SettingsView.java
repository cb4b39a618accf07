package dev.parley.adapter.ui.settings;

import dev.parley.adapter.ui.common.Fxml;
import java.util.List;
import java.util.function.Consumer;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.GridPane;

/** The settings form; secrets are masked fields. Theme changes apply at once through {@code applyTheme}. */
public final class SettingsView {
    private final SettingsViewModel model;
    private final Consumer<String> applyTheme;
    private final Parent root;
    @FXML private GridPane form;
    @FXML private javafx.scene.layout.VBox sideColumn;
    @FXML private TextField operatorField;
    @FXML private ChoiceBox<String> themeBox;
    @FXML private ChoiceBox<String> textSizeBox;
    @FXML private TextField renotifyField;
    @FXML private Button regenerateButton;
    @FXML private Button saveButton;
    @FXML private Button restartListenerButton;
    @FXML private Label statusLabel;
    @FXML private TextArea patternsArea;
    @FXML private TextField sampleField;
    @FXML private ListView<String> matchesList;

    public SettingsView(SettingsViewModel model, Consumer<String> applyTheme) {
        this.model = model;
        this.applyTheme = applyTheme;
        this.root = Fxml.load("SettingsView", this);
    }

    @FXML
    private void initialize() {
        int row = 2;
        for (var key : SettingsViewModel.KEYS) {
            TextInputControl field;
            if ("sender".equals(key) || "model.provider".equals(key)) {
                var box = new ChoiceBox<String>();
                box.getItems().setAll("sender".equals(key) ? List.of("local", "twilio", "webhook")
                        : List.of("offline", "openai"));
                box.valueProperty().bindBidirectional(model.value(key));
                box.setId("setting-" + key.replace('.', '-'));
                form.addRow(row++, new Label(key), box);
                continue;
            }
            field = SettingsViewModel.secret(key) ? new PasswordField() : new TextField();
            field.textProperty().bindBidirectional(model.value(key));
            field.setId("setting-" + key.replace('.', '-'));
            form.addRow(row++, new Label(key), field);
        }
        var test = new Button("Test connection");
        test.setId("test-connection");
        test.setOnAction(e -> model.testConnection());
        var connection = new Label();
        connection.setWrapText(true);
        connection.setId("connection-status");
        connection.textProperty().bind(model.connection());
        form.addRow(row++, test, connection);
        var models = new ListView<String>(model.models());
        models.setPrefHeight(90);
        models.setId("model-list");
        models.setPlaceholder(new Label("Models of the endpoint appear here."));
        form.addRow(row++, new Label("models"), models);
        operatorField.textProperty().bindBidirectional(model.operator());
        themeBox.getItems().setAll("light", "dark");
        themeBox.valueProperty().bindBidirectional(model.theme());
        themeBox.valueProperty().addListener((o, a, t) -> applyTheme.accept(t));
        textSizeBox.getItems().setAll(FileConsoleSettings.TEXT_SIZES);
        textSizeBox.valueProperty().bindBidirectional(model.textSize());
        textSizeBox.setId("setting-text-size");
        textSizeBox.setAccessibleText("Text size");
        renotifyField.textProperty().bindBidirectional(model.renotifyMinutes());
        renotifyField.setId("setting-renotify-minutes");
        renotifyField.setAccessibleText("Minutes before an unacknowledged critical alert is notified again");
        regenerateButton.setOnAction(e -> model.regenerateWebhookSecret());
        saveButton.setOnAction(e -> model.save());
        saveButton.setId("settings-save");
        restartListenerButton.setId("restart-listener");
        restartListenerButton.visibleProperty().bind(model.listenerRestartNeeded());
        restartListenerButton.managedProperty().bind(model.listenerRestartNeeded());
        restartListenerButton.setOnAction(e -> model.restartListener());
        restartListenerButton.setAccessibleHelp("The listener's new address or port applies when it restarts");
        statusLabel.setId("settings-status");
        statusLabel.setAccessibleRole(javafx.scene.AccessibleRole.TEXT);
        statusLabel.textProperty().bind(model.status());
        patternsArea.textProperty().bindBidirectional(model.patterns());
        patternsArea.setId("alert-patterns");
        patternsArea.setAccessibleText("Alert patterns (opt_out_phrases.json)");
        sampleField.setId("pattern-sample");
        sampleField.setAccessibleText("Test a message against the patterns");
        operatorField.setAccessibleText("Operator name");
        themeBox.setAccessibleText("Theme");
        sampleField.textProperty().bindBidirectional(model.sample());
        matchesList.setItems(model.matches());
        matchesList.setPlaceholder(new Label("Type a message to see which categories match."));
    }

    /** Adds a section (e.g. the canned replies editor) below the alert patterns. */
    public void addSection(javafx.scene.Node section) {
        sideColumn.getChildren().add(section);
    }

    public Parent root() {
        return root;
    }
}
