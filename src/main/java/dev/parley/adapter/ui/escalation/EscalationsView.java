package dev.parley.adapter.ui.escalation;

import dev.parley.adapter.ui.common.Fxml;
import dev.parley.application.escalation.EscalationCase;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.util.Duration;

/** The Escalations queue with SLA countdowns, the selected case, and the console's Reply Tool. */
public final class EscalationsView {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MMM d HH:mm")
            .withZone(ZoneId.systemDefault());
    private final EscalationsViewModel model;
    private final Parent root;
    private final Timeline ticker;
    @FXML private TableView<EscalationRow> table;
    @FXML private TableColumn<EscalationRow, String> slaColumn;
    @FXML private TableColumn<EscalationRow, String> questionColumn;
    @FXML private TableColumn<EscalationRow, String> propertyColumn;
    @FXML private TableColumn<EscalationRow, String> buyerColumn;
    @FXML private Label caseTitle;
    @FXML private Label caseQuestion;
    @FXML private Label caseMeta;
    @FXML private ListView<String> recent;
    @FXML private TextArea answerArea;
    @FXML private CheckBox allPropertiesBox;
    @FXML private Button sendButton;
    @FXML private Button openButton;
    @FXML private Button refreshButton;
    @FXML private Label statusLabel;
    @FXML private javafx.scene.layout.VBox detailPane;

    public EscalationsView(EscalationsViewModel model) {
        this.model = model;
        this.root = Fxml.load("EscalationsView", this);
        this.ticker = new Timeline(new KeyFrame(Duration.seconds(1), e -> model.tick()));
        ticker.setCycleCount(Timeline.INDEFINITE);
        ticker.play();
    }

    @FXML
    private void initialize() {
        table.setId("escalations");
        table.setItems(model.rows());
        var empty = new Label("No escalations. When the buyer-sms playbook cannot answer a question from the "
                + "catalogue or an earlier answer, it waits here for the team, with its 2-hour SLA.");
        empty.setWrapText(true);
        empty.getStyleClass().add("empty-state");
        table.setPlaceholder(empty);
        slaColumn.setCellValueFactory(c -> c.getValue().sla());
        questionColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().question()));
        propertyColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().property()));
        buyerColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().buyer()));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(EscalationRow row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().remove("overdue");
                if (!empty && row != null && row.overdue()) getStyleClass().add("overdue");
            }
        });
        table.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> model.select(row));
        model.selected().addListener((o, a, c) -> show(c));
        answerArea.textProperty().bindBidirectional(model.answer());
        allPropertiesBox.selectedProperty().bindBidirectional(model.allProperties());
        sendButton.disableProperty().bind(model.send().executable().not());
        sendButton.setOnAction(e -> model.send().execute());
        openButton.disableProperty().bind(model.selected().isNull());
        openButton.setOnAction(e -> model.openConversation());
        refreshButton.setOnAction(e -> model.refresh());
        statusLabel.textProperty().bind(model.status());
        if (model.journey() != null) {
            detailPane.getChildren().add(3, new dev.parley.adapter.ui.journey.JourneyPane(model.journey()).root());
        }
        show(null);
    }

    private void show(EscalationCase c) {
        if (c == null) {
            caseTitle.setText("Select an escalation");
            caseQuestion.setText("");
            caseMeta.setText("");
            recent.getItems().clear();
            answerArea.setDisable(true);
            return;
        }
        var t = c.thread();
        caseTitle.setText(c.propertyName() == null ? "Buyer question" : c.propertyName() + " (" + c.propertyCity()
                + ")");
        caseQuestion.setText(String.join("\n", t.threadQuestions()));
        var meta = new StringBuilder("Buyer " + c.buyer() + " · phase " + c.phase() + " · asked "
                + TIME.format(t.createdAt()) + " · SLA " + TIME.format(t.slaDeadlineAt()));
        if (t.answerSentText() != null) meta.append("\nSent: ").append(t.answerSentText());
        meta.append("\n").append(switch (c.acceptance()) {
            case ANSWER -> "Your answer is polished into a short text and checked before it goes to the buyer.";
            case FOLLOW_UP -> "Answered. Follow-ups accepted until " + TIME.format(c.replyUntil()) + ".";
            case CLOSED -> "Answered; the 30-minute follow-up window has closed (reply from the conversation).";
            case EXPIRED -> "Expired without an answer.";
            case OPTED_OUT -> "The buyer opted out: nothing can be sent.";
        });
        caseMeta.setText(meta.toString());
        recent.getItems().setAll(c.recent().stream().map(l -> (l.who().equals("buyer") ? "Buyer: " : "Us: ")
                + l.text()).toList());
        answerArea.setDisable(!c.acceptsReply());
    }

    public Parent root() {
        return root;
    }

    public void stop() {
        ticker.stop();
    }
}
