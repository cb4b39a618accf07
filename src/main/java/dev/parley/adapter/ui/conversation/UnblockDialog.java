package dev.parley.adapter.ui.conversation;

import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** Asks for the resume state (only the playbook's valid ones) and a required note. */
final class UnblockDialog extends Dialog<Boolean> {

    UnblockDialog(Window owner, UnblockViewModel model) {
        initOwner(owner);
        setTitle("Unblock conversation");
        setHeaderText("Resume automation. The contact becomes ACTIVE; held messages stay held for you to review.");
        var states = new ChoiceBox<String>(model.states());
        states.setId("unblock-state");
        states.valueProperty().bindBidirectional(model.state());
        var note = new TextArea();
        note.setId("unblock-note");
        note.setPromptText("Why is it safe to continue? (required, audited)");
        note.setPrefRowCount(3);
        note.setWrapText(true);
        note.textProperty().bindBidirectional(model.note());
        var content = new VBox(8, new Label("Resume in state"), states, new Label("Note"), note);
        content.getStyleClass().add("dialog-content");
        getDialogPane().setContent(content);
        getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        getDialogPane().lookupButton(ButtonType.OK).disableProperty().bind(model.valid().not());
        getDialogPane().lookupButton(ButtonType.OK).setId("unblock-ok");
        setResultConverter(b -> b == ButtonType.OK);
        setOnShown(e -> note.requestFocus());
    }
}
