package dev.parley.adapter.ui.conversation;

import dev.parley.adapter.ui.common.Fxml;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputDialog;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;

/** The conversation screen: binds to a {@link ConversationViewModel}; dialogs ask, the model acts. */
public final class ConversationView {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MMM d HH:mm:ss")
            .withZone(ZoneId.systemDefault());
    private final ConversationViewModel model;
    private final Runnable onBack;
    private final Parent root;
    @FXML private Button backButton;
    @FXML private Label titleLabel;
    @FXML private Label stateLabel;
    @FXML private Label opportunityLabel;
    @FXML private Label statusLabel;
    @FXML private Label presenceLabel;
    @FXML private Label claimLabel;
    @FXML private Button assignButton;
    @FXML private Button releaseButton;
    /** Team mode: announces this operator's presence again while the conversation stays open. */
    private final javafx.animation.Timeline presenceTick = new javafx.animation.Timeline(
            new javafx.animation.KeyFrame(javafx.util.Duration.seconds(
                    dev.parley.application.PipelineEvent.PRESENCE_REFRESH_SECONDS)));
    @FXML private Button replyButton;
    @FXML private Button unblockButton;
    @FXML private Button acknowledgeButton;
    @FXML private Button resolveButton;
    @FXML private Button desistButton;
    @FXML private ListView<TimelineEntry> timeline;
    @FXML private TextArea draft;
    @FXML private Label templateHint;
    @FXML private FlowPane checks;
    @FXML private Button sendButton;
    @FXML private Pane diagramPane;
    @FXML private ListView<String> contactFacts;
    @FXML private javafx.scene.control.TextField timeZoneField;
    @FXML private javafx.scene.control.Button setTimeZoneButton;
    @FXML private ListView<String> tasks;
    @FXML private javafx.scene.layout.VBox sideContent;

    public ConversationView(ConversationViewModel model, Runnable onBack) {
        this.model = model;
        this.onBack = onBack;
        this.root = Fxml.load("ConversationView", this);
        root.setId("conversation-" + model.conversationId());
    }

    @FXML
    private void initialize() {
        if (model.journey() != null) {
            sideContent.getChildren().add(0, new dev.parley.adapter.ui.journey.JourneyPane(model.journey()).root());
        }
        backButton.setOnAction(e -> onBack.run());
        titleLabel.textProperty().bind(model.title());
        stateLabel.textProperty().bind(model.state());
        stateLabel.setId("conversation-state");
        opportunityLabel.setId("opportunity-badge");
        opportunityLabel.textProperty().bind(model.opportunity());
        opportunityLabel.visibleProperty().bind(model.opportunity().isNotEmpty());
        opportunityLabel.managedProperty().bind(model.opportunity().isNotEmpty());
        opportunityLabel.accessibleTextProperty().bind(model.opportunity());
        opportunityLabel.setAccessibleHelp("Informational alert: listed in Opportunities (Ctrl+6); automation "
                + "carries on");
        statusLabel.textProperty().bind(model.status());
        claimLabel.setId("conversation-claim");
        claimLabel.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() ->
                model.claim().get() == null || model.claim().get().isEmpty() ? "Not claimed"
                        : "Claimed by " + model.claim().get(), model.claim()));
        assignButton.setId("assign-to-me");
        assignButton.setOnAction(e -> model.assignToMe());
        releaseButton.setId("release-claim");
        releaseButton.setOnAction(e -> model.release());
        model.takeOverFrom().addListener((o, was, holder) -> {
            if (holder != null) javafx.application.Platform.runLater(() -> askTakeOver(holder));
        });
        presenceLabel.setId("conversation-presence");
        presenceLabel.textProperty().bind(model.presence());
        presenceTick.getKeyFrames().setAll(new javafx.animation.KeyFrame(javafx.util.Duration.seconds(
                dev.parley.application.PipelineEvent.PRESENCE_REFRESH_SECONDS), e -> model.announce(true)));
        presenceTick.setCycleCount(javafx.animation.Animation.INDEFINITE);
        presenceTick.play();
        model.announce(true);
        timeline.setId("timeline");
        timeline.setItems(model.timeline());
        timeline.setCellFactory(l -> new TimelineCell(model::play));
        timeline.getItems().addListener((javafx.collections.ListChangeListener<TimelineEntry>) c ->
                timeline.scrollTo(Math.max(0, timeline.getItems().size() - 1)));
        contactFacts.setItems(model.contactFacts());
        timeZoneField.textProperty().bindBidirectional(model.timeZoneDraft());
        timeZoneField.setOnAction(e -> model.setTimeZone());
        setTimeZoneButton.setOnAction(e -> model.setTimeZone());
        timeZoneField.setAccessibleText("Contact's time zone");
        timeZoneField.setAccessibleHelp("An IANA zone such as Europe/Paris; empty clears it. Quiet hours use it first");
        tasks.setItems(model.tasks());
        tasks.setPlaceholder(new Label("No tasks or extracted data yet."));
        draft.setId("reply-draft");
        draft.textProperty().bindBidirectional(model.draft());
        draft.setAccessibleText("Reply");
        draft.setAccessibleHelp("Ctrl+Enter sends; type / and a name, then Tab, to insert a canned reply");
        // a filter, so Tab and Enter reach the canned replies before the text area types them
        draft.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ENTER && e.isShortcutDown()) {
                model.reply();
                e.consume();
            } else if ((e.getCode() == KeyCode.TAB || e.getCode() == KeyCode.ENTER) && !e.isShortcutDown()
                    && !e.isShiftDown() && model.insertFirstSuggestion()) {
                draft.positionCaret(draft.getLength());
                e.consume();
            }
        });
        templateHint.setId("template-hint");
        model.suggestions().addListener((javafx.collections.ListChangeListener<String>) c -> {
            var names = model.suggestions();
            boolean show = !names.isEmpty();
            templateHint.setVisible(show);
            templateHint.setManaged(show);
            templateHint.setText(show ? "Tab inserts /" + names.getFirst() + (names.size() > 1 ? "  ·  also: /"
                    + String.join(", /", names.subList(1, Math.min(names.size(), 6))) : "") : "");
            templateHint.setAccessibleText(templateHint.getText());
        });
        sendButton.setId("send-reply");
        sendButton.disableProperty().bind(model.canSend().not());
        sendButton.setOnAction(e -> model.reply());
        model.claimedBy().addListener((o, was, holder) -> {
            if (holder != null) javafx.application.Platform.runLater(() -> askReplyOverClaim(holder));
        });
        model.checks().addListener((javafx.collections.ListChangeListener<OutboundCheck>) c -> showChecks());
        replyButton.setOnAction(e -> focusReply());
        unblockButton.setId("unblock");
        unblockButton.setOnAction(e -> unblock());
        acknowledgeButton.setOnAction(e -> acknowledge());
        resolveButton.setOnAction(e -> resolve());
        desistButton.setOnAction(e -> desist());
        // Seed 002: a summarised message's original, revealed on request (audited).
        var revealOriginal = new Button("Reveal original");
        revealOriginal.setId("reveal-original");
        revealOriginal.setAccessibleHelp("Shows the originals of messages the safety validator summarised; audited");
        revealOriginal.visibleProperty().bind(model.originalsWithheld());
        revealOriginal.managedProperty().bind(model.originalsWithheld());
        revealOriginal.setOnAction(e -> model.revealOriginals());
        if (desistButton.getParent() instanceof javafx.scene.layout.Pane actions) {
            actions.getChildren().add(actions.getChildren().indexOf(desistButton) + 1, revealOriginal);
        }
        replyButton.setAccessibleHelp("R");
        unblockButton.setAccessibleHelp("U: choose a resume state and write a note");
        acknowledgeButton.setAccessibleHelp("A: the newest open alert");
        resolveButton.setAccessibleHelp("Shift+A: asks what was done");
        desistButton.setAccessibleHelp("D: the contact is opted out; asks for a note");
        backButton.setAccessibleHelp("Escape");
        timeline.setAccessibleText("Timeline: messages, transitions, alerts and operator actions");
        contactFacts.setAccessibleText("Contact");
        tasks.setAccessibleText("Tasks and extracted data");
        stateLabel.setAccessibleText("State");
        diagramPane.setAccessibleRole(javafx.scene.AccessibleRole.IMAGE_VIEW);
        diagramPane.setAccessibleText("State machine diagram");
        model.state().addListener((o, a, state) -> {
            stateLabel.setAccessibleText("State " + state);
            diagramPane.setAccessibleText("State machine diagram; current state " + state + "; path "
                    + String.join(" → ", model.path()));
        });
        acknowledgeButton.setDisable(true);
        resolveButton.setDisable(true);
        model.detail().addListener((o, a, d) -> {
            boolean noAlert = model.openAlerts().isEmpty();
            acknowledgeButton.setDisable(noAlert);
            resolveButton.setDisable(noAlert);
        });
        model.diagram().addListener((o, a, d) -> redraw());
        model.path().addListener((javafx.collections.ListChangeListener<String>) c -> redraw());
        model.state().addListener((o, a, s) -> redraw());
    }

    private void redraw() {
        StateDiagram.draw(diagramPane, model.diagram().get(), model.state().get(), model.path());
    }

    private void showChecks() {
        checks.getChildren().clear();
        for (var check : model.checks()) {
            var label = new Label((check.level() == OutboundCheck.Level.PASS ? "✓ " : check.level()
                    == OutboundCheck.Level.WARN ? "! " : "✗ ") + check.name());
            label.getStyleClass().addAll("check", "check-" + check.level().name().toLowerCase());
            label.setTooltip(new javafx.scene.control.Tooltip(check.detail()));
            checks.getChildren().add(label);
        }
        var offered = model.rewrite().get();
        if (offered != null) {
            // Seed 002: the rewrite beside the original; the operator sends theirs or uses this one.
            var text = new Label("Rewrite: " + offered);
            text.setId("safety-rewrite");
            text.getStyleClass().add("check");
            text.setWrapText(true);
            var use = new Button("Use rewrite");
            use.setId("use-rewrite");
            use.setOnAction(e -> model.useRewrite());
            checks.getChildren().addAll(text, use);
        }
    }

    public Parent root() {
        return root;
    }

    public void focusReply() {
        draft.requestFocus();
    }

    public void unblock() {
        var dialogModel = model.unblockDialog();
        var dialog = new UnblockDialog(root.getScene().getWindow(), dialogModel);
        dialog.showAndWait().filter(Boolean::booleanValue).ifPresent(ok -> model.unblock(dialogModel));
    }

    public void acknowledge() {
        model.openAlerts().stream().findFirst().ifPresent(a -> model.acknowledge(a.id()));
    }

    /** Asks what was done (required) and resolves the newest open alert with it. */
    public void resolve() {
        var alert = model.openAlerts().stream().findFirst();
        if (alert.isEmpty()) return;
        var dialog = new TextInputDialog();
        dialog.initOwner(root.getScene().getWindow());
        dialog.setTitle("Resolve alert");
        dialog.setHeaderText(alert.get().severity().wire() + " alert: " + String.join(", ", alert.get().categories())
                + ". What was done?");
        dialog.setContentText("Note (required):");
        dialog.getEditor().setId("resolve-note");
        dialog.getEditor().setAccessibleText("Resolution note");
        dialog.setOnShown(e -> javafx.application.Platform.runLater(dialog.getEditor()::requestFocus));
        dialog.showAndWait().filter(s -> !s.isBlank()).ifPresent(note -> model.resolve(alert.get().id(), note));
    }

    /** Asks for a note (required) and marks the conversation desist. */
    public void desist() {
        var dialog = new TextInputDialog();
        dialog.initOwner(root.getScene().getWindow());
        dialog.setTitle("Mark desist");
        dialog.setHeaderText("The contact is opted out and will not be messaged again.");
        dialog.setContentText("Note (required):");
        dialog.showAndWait().filter(s -> !s.isBlank()).ifPresent(model::markDesist);
    }

    /** A timeline line: time, title, text, styled by kind; details collapsed; a Play button for a spoken reply. */
    private static final class TimelineCell extends ListCell<TimelineEntry> {
        private final java.util.function.Consumer<String> play;

        TimelineCell(java.util.function.Consumer<String> play) {
            this.play = play;
        }

        @Override
        protected void updateItem(TimelineEntry entry, boolean empty) {
            super.updateItem(entry, empty);
            getStyleClass().removeIf(s -> s.startsWith("tl-"));
            if (empty || entry == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            var head = new Label((entry.at() == null ? "" : TIME.format(entry.at())) + "  " + entry.title());
            head.getStyleClass().add("tl-head");
            var box = new VBox(2, head);
            if (entry.text() != null && !entry.text().isBlank()) {
                var text = new Label(entry.text());
                text.setWrapText(true);
                text.getStyleClass().add("tl-text");
                text.maxWidthProperty().bind(getListView().widthProperty().subtract(40));
                box.getChildren().add(text);
            }
            if (entry.details() != null && !entry.details().isBlank()) {
                var details = new Label(entry.details());
                details.setWrapText(true);
                details.getStyleClass().add("tl-details");
                details.maxWidthProperty().bind(getListView().widthProperty().subtract(60));
                var pane = new javafx.scene.control.TitledPane("details", details);
                pane.setExpanded(false);
                pane.setAnimated(false);
                pane.getStyleClass().add("tl-collapsible");
                // the list re-measures the cell when it opens or closes
                pane.expandedProperty().addListener((o, a, b) -> getListView().refresh());
                box.getChildren().add(pane);
            }
            if (entry.media() != null) {
                var button = new javafx.scene.control.Button("▶ Play");
                button.getStyleClass().add("tl-play");
                button.setOnAction(e -> play.accept(entry.media()));
                box.getChildren().add(button);
            }
            getStyleClass().add("tl-" + entry.kind());
            setText(null);
            setGraphic(box);
        }
    }

    /** Team mode: another operator has claimed this conversation; send only if this operator confirms. */
    private void askReplyOverClaim(String holder) {
        var ask = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.CONFIRMATION,
                holder + " has claimed this conversation. Send your reply anyway?",
                javafx.scene.control.ButtonType.YES, javafx.scene.control.ButtonType.NO);
        ask.setHeaderText("Claimed by " + holder);
        if (root().getScene() != null) ask.initOwner(root().getScene().getWindow());
        ask.showAndWait().filter(b -> b == javafx.scene.control.ButtonType.YES).ifPresentOrElse(
                b -> model.replyOverClaim(), () -> model.claimedBy().set(null));
    }

    /** Team mode: another operator has claimed this conversation; take it over only if this operator confirms. */
    private void askTakeOver(String holder) {
        var ask = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.CONFIRMATION,
                holder + " has claimed this conversation. Take it over?",
                javafx.scene.control.ButtonType.YES, javafx.scene.control.ButtonType.NO);
        ask.setHeaderText("Claimed by " + holder);
        if (root().getScene() != null) ask.initOwner(root().getScene().getWindow());
        ask.showAndWait().filter(b -> b == javafx.scene.control.ButtonType.YES).ifPresentOrElse(
                b -> model.takeOver(), () -> model.takeOverFrom().set(null));
    }

    /** The conversation is closed: stop announcing this operator's presence. */
    public void close() {
        presenceTick.stop();
    }
}
