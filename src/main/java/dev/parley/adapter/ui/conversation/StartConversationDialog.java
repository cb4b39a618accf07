package dev.parley.adapter.ui.conversation;

import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.application.operator.StartConversation;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/** Starts a conversation through {@link StartConversation}; opens it when the first message is queued. */
public final class StartConversationDialog {
    private final Window owner;
    private final ConsoleContext context;
    private final Supplier<String> operator;
    private final LongConsumer open;

    public StartConversationDialog(Window owner, ConsoleContext context, Supplier<String> operator,
                                   LongConsumer open) {
        this.owner = owner;
        this.context = context;
        this.operator = operator;
        this.open = open;
    }

    public void show() {
        var dialog = new Dialog<ButtonType>();
        dialog.initOwner(owner);
        dialog.setTitle("Start a conversation");
        var playbook = new ChoiceBox<String>();
        playbook.getItems().setAll(context.playbooks().names());
        playbook.setValue(context.playbooks().defaultName());
        var channel = new ChoiceBox<String>();
        channel.getItems().setAll(StartConversation.CHANNELS.stream().sorted().toList());
        channel.setValue("sms");
        var to = new TextField();
        to.setPromptText("+15550100");
        var text = new TextArea();
        text.setPrefRowCount(3);
        text.setWrapText(true);
        var grid = new GridPane(8, 8);
        grid.addRow(0, new Label("Playbook"), playbook);
        grid.addRow(1, new Label("Channel"), channel);
        grid.addRow(2, new Label("To"), to);
        grid.addRow(3, new Label("First message"), text);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(ButtonType.OK).disableProperty()
                .bind(to.textProperty().isEmpty().or(text.textProperty().isEmpty()));
        dialog.showAndWait().filter(b -> b == ButtonType.OK).ifPresent(b -> {
            var command = new StartConversation.Command(playbook.getValue(), channel.getValue(), to.getText().strip(),
                    text.getText(), operator.get());
            context.executor().submit(p -> context.start().start(command), started ->
                    open.accept(started.conversationId()), e -> {
                        var alert = new Alert(Alert.AlertType.ERROR, e.getMessage());
                        alert.initOwner(owner);
                        alert.show();
                    });
        });
    }
}
