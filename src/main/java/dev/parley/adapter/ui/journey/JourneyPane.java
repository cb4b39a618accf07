package dev.parley.adapter.ui.journey;

import dev.parley.adapter.ui.common.Fxml;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;

/** The buyer journey pane (fxml/JourneyPane.fxml), hidden for conversations of other playbooks. */
public final class JourneyPane {
    private final JourneyViewModel model;
    private final Parent root;
    @FXML private Label summaryLabel;
    @FXML private Label nextLabel;
    @FXML private Label statusLabel;
    @FXML private Button sendNowButton;
    @FXML private Button cancelButton;
    @FXML private javafx.scene.control.TextField whenField;
    @FXML private Button confirmTourButton;
    @FXML private Button agreementButton;
    @FXML private Button dealButton;

    public JourneyPane(JourneyViewModel model) {
        this.model = model;
        this.root = Fxml.load("JourneyPane", this);
        // hidden (and taking no room) for conversations of other playbooks
        root.visibleProperty().bind(model.journey().isNotNull());
        root.managedProperty().bind(root.visibleProperty());
    }

    @FXML
    private void initialize() {
        summaryLabel.textProperty().bind(model.summary());
        nextLabel.textProperty().bind(model.next());
        statusLabel.textProperty().bind(model.status());
        sendNowButton.disableProperty().bind(model.sendNow().executable().not());
        sendNowButton.setOnAction(e -> model.sendNow().execute());
        cancelButton.disableProperty().bind(model.cancel().executable().not());
        cancelButton.setOnAction(e -> model.cancel().execute());
        whenField.textProperty().bindBidirectional(model.when());
        confirmTourButton.disableProperty().bind(model.confirmTour().executable().not());
        confirmTourButton.setOnAction(e -> model.confirmTour().execute());
        agreementButton.disableProperty().bind(model.agreement().executable().not());
        agreementButton.setOnAction(e -> model.agreement().execute());
        dealButton.disableProperty().bind(model.dealDone().executable().not());
        dealButton.setOnAction(e -> model.dealDone().execute());
    }

    public Parent root() {
        return root;
    }
}
