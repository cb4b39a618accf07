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
import javafx.scene.control.Slider;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The settings form; secrets are masked fields. Theme changes apply at once through {@code applyTheme}. */
public final class SettingsView {
    private final SettingsViewModel model;
    private final AlertThresholdsViewModel thresholds;
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
    @FXML private VBox headsBox;
    @FXML private Button applyThresholdsButton;
    @FXML private Button resetThresholdsButton;
    @FXML private Label thresholdsStatus;

    public SettingsView(SettingsViewModel model, AlertThresholdsViewModel thresholds, Consumer<String> applyTheme) {
        this.model = model;
        this.thresholds = thresholds;
        this.applyTheme = applyTheme;
        this.root = Fxml.load("SettingsView", this);
    }

    @FXML
    private void initialize() {
        int row = 2;
        for (var key : SettingsViewModel.KEYS) {
            TextInputControl field;
            if ("sender".equals(key) || "model.provider".equals(key) || "safety.rewrite".equals(key)) {
                var box = new ChoiceBox<String>();
                box.getItems().setAll("sender".equals(key) ? List.of("local", "twilio", "webhook")
                        : "safety.rewrite".equals(key) ? List.of("deterministic", "model")
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
        for (var head : thresholds.rows()) headsBox.getChildren().add(head(head));
        applyThresholdsButton.setOnAction(e -> thresholds.apply());
        resetThresholdsButton.setOnAction(e -> thresholds.resetAll());
        applyThresholdsButton.setDisable(thresholds.rows().isEmpty());
        resetThresholdsButton.setDisable(thresholds.rows().isEmpty());
        thresholdsStatus.textProperty().bind(thresholds.status());
    }

    /** One head: a slider per threshold (on the logit scale, so the high end is fine-grained) and its figures. */
    private VBox head(AlertThresholdsViewModel.Row row) {
        var title = new Label(row.category() + (row.raisesAlerts() ? "  (raises alerts)" : "  (safety validator)"));
        title.getStyleClass().add("section-title");
        var positives = new Label("positives: " + row.positives());
        positives.getStyleClass().add("muted");
        positives.setWrapText(true);
        var box = new VBox(4, title, positives, thresholdLine("critical", row.critical(), row.criticalFigures(),
                row.category()), thresholdLine("review", row.review(), row.reviewFigures(), row.category()));
        box.setId("head-" + row.category());
        return box;
    }

    private static HBox thresholdLine(String tier, javafx.beans.property.DoubleProperty value,
                                      javafx.beans.property.StringProperty figures, String category) {
        var slider = new Slider(-8, 10, logit(value.get()));
        slider.setId("threshold-" + category + "-" + tier);
        slider.setPrefWidth(180);
        slider.valueProperty().addListener((o, a, b) -> value.set(sigmoid(b.doubleValue())));
        value.addListener((o, a, b) -> {
            if (Math.abs(logit(b.doubleValue()) - slider.getValue()) > 1e-9) slider.setValue(logit(b.doubleValue()));
        });
        var label = new Label(tier);
        label.setMinWidth(60);
        var shown = new Label();
        shown.setId("figures-" + category + "-" + tier);
        shown.textProperty().bind(figures);
        shown.setWrapText(true);
        var line = new HBox(8, label, slider, shown);
        HBox.setHgrow(shown, javafx.scene.layout.Priority.ALWAYS);
        return line;
    }

    private static double logit(double p) {
        double clamped = Math.min(1 - 1e-6, Math.max(1e-6, p));
        return Math.log(clamped / (1 - clamped));
    }

    private static double sigmoid(double z) {
        return 1 / (1 + Math.exp(-z));
    }

    /** Adds a section (e.g. the canned replies editor) below the alert patterns. */
    public void addSection(javafx.scene.Node section) {
        sideColumn.getChildren().add(section);
    }

    public Parent root() {
        return root;
    }
}
