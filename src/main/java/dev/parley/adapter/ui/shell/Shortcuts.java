package dev.parley.adapter.ui.shell;

import java.util.function.Predicate;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Window;

/** The console's keyboard: every action without the mouse. Letters only act when no text field has focus. */
public final class Shortcuts {

    public enum Action {
        NEXT, PREVIOUS, OPEN, REVEAL, SEARCH, REPLY, UNBLOCK, ACKNOWLEDGE, BACK, NEW_CONVERSATION, HELP, REFRESH,
        SECTION_1, SECTION_2, SECTION_3, SECTION_4, SECTION_5, SECTION_6, SECTION_7, SECTION_8, SECTION_9
    }

    static final String HELP_TEXT = """
            J / K            next / previous item in a queue
            Enter            open the selected conversation
            V                reveal the selected item's masked text (audited)
            Ctrl+F           search the queue
            R                reply (focus the composer); Ctrl+Enter sends
            U                unblock the open conversation
            A                acknowledge the open conversation's alert
            Esc              back to the queue
            N                start a new conversation
            F5               refresh
            Ctrl+1 … Ctrl+9  Human review, Escalations, Held, All, Failed, Opportunities, Replay, Dashboard, Settings
            ?                this list""";

    private final Predicate<Action> handler;

    /** {@code handler} returns whether it handled the action (then the key is consumed). */
    public Shortcuts(Predicate<Action> handler) {
        this.handler = handler;
    }

    public void install(Scene scene) {
        var swallowTyped = new boolean[1];
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            var action = action(e, scene.getFocusOwner() instanceof TextInputControl);
            if (action != null && handler.test(action)) {
                e.consume();
                // The key's KEY_TYPED event still follows: without this, R would type an "r" into the composer it
                // just focused.
                swallowTyped[0] = true;
            }
        });
        scene.addEventFilter(KeyEvent.KEY_TYPED, e -> {
            if (swallowTyped[0]) {
                swallowTyped[0] = false;
                e.consume();
            }
        });
        scene.addEventFilter(KeyEvent.KEY_RELEASED, e -> swallowTyped[0] = false);
    }

    static Action action(KeyEvent e, boolean typing) {
        if (e.isShortcutDown()) {
            if (e.getCode() == KeyCode.F) return Action.SEARCH;
            if (e.getCode().isDigitKey()) {
                int n = e.getCode().getCode() - KeyCode.DIGIT1.getCode();
                if (n >= 0 && n < 9) return Action.values()[Action.SECTION_1.ordinal() + n];
            }
            return null;
        }
        if (e.getCode() == KeyCode.ESCAPE) return Action.BACK;
        if (e.getCode() == KeyCode.F5) return Action.REFRESH;
        if (typing || e.isAltDown()) return null;
        return switch (e.getCode()) {
            case J -> Action.NEXT;
            case K -> Action.PREVIOUS;
            case ENTER -> Action.OPEN;
            case V -> Action.REVEAL;
            case R -> Action.REPLY;
            case U -> Action.UNBLOCK;
            case A -> Action.ACKNOWLEDGE;
            case N -> Action.NEW_CONVERSATION;
            case SLASH -> e.isShiftDown() ? Action.HELP : null;
            default -> "?".equals(e.getText()) ? Action.HELP : null;
        };
    }

    public static void showHelp(Window owner) {
        var alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner);
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Keyboard shortcuts");
        alert.setContentText(HELP_TEXT);
        alert.getDialogPane().getStyleClass().add("shortcuts");
        alert.show();
    }
}
