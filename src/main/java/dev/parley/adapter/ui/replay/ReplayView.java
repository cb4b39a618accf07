package dev.parley.adapter.ui.replay;

import dev.parley.adapter.ui.common.Fxml;
import dev.parley.application.console.ReplayRunner;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.FileChooser;

/** The replay screen: source, run/cancel with progress, transcript (side by side with stored when comparing). */
public final class ReplayView {
    private final ReplayViewModel model;
    private final Parent root;
    @FXML private TextField sourceField;
    @FXML private Button browseButton;
    @FXML private Button runButton;
    @FXML private Button cancelButton;
    @FXML private CheckBox compareBox;
    @FXML private ProgressBar progressBar;
    @FXML private Label statusLabel;
    @FXML private TableView<ReplayRunner.Line> transcript;
    @FXML private TableColumn<ReplayRunner.Line, String> atColumn;
    @FXML private TableColumn<ReplayRunner.Line, String> kindColumn;
    @FXML private TableColumn<ReplayRunner.Line, String> textColumn;
    @FXML private TableColumn<ReplayRunner.Line, String> storedColumn;

    public ReplayView(ReplayViewModel model) {
        this.model = model;
        this.root = Fxml.load("ReplayView", this);
    }

    @FXML
    private void initialize() {
        sourceField.setAccessibleText("Replay file or stored conversation id");
        transcript.setAccessibleText("Replay transcript: today's policy beside what was stored");
        compareBox.setAccessibleHelp("Adds the stored outcome next to today's and marks where they differ");
        sourceField.textProperty().bindBidirectional(model.source());
        runButton.disableProperty().bind(model.running().or(model.source().isEmpty()));
        runButton.setOnAction(e -> model.run());
        cancelButton.disableProperty().bind(model.running().not());
        cancelButton.setOnAction(e -> model.cancel());
        browseButton.setOnAction(e -> {
            var chooser = new FileChooser();
            chooser.setTitle("Open a replay file");
            var file = chooser.showOpenDialog(root.getScene().getWindow());
            if (file != null) model.source().set(file.getAbsolutePath());
        });
        compareBox.selectedProperty().bindBidirectional(model.compare());
        storedColumn.visibleProperty().bind(model.compare());
        progressBar.progressProperty().bind(model.progress());
        statusLabel.textProperty().bind(model.status());
        transcript.setItems(model.transcript());
        transcript.setPlaceholder(new Label("Run a replay to see what today's policy would do."));
        atColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().at()));
        kindColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().kind()));
        textColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().text()));
        storedColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().stored()));
        transcript.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(ReplayRunner.Line line, boolean empty) {
                super.updateItem(line, empty);
                getStyleClass().remove("replay-differs");
                if (!empty && line != null && line.differs() && model.compare().get()) {
                    getStyleClass().add("replay-differs");
                }
            }
        });
    }

    public Parent root() {
        return root;
    }
}
