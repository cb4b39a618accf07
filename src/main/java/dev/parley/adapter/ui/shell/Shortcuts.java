package dev.parley.adapter.ui.shell;

import java.util.function.Predicate;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Window;

/**
 * The console's keyboard: every action without the mouse. Letters act only when no text field has the focus. The
 * {@code ?} list is generated from {@link Action}, so it names every shortcut there is and nothing else.
 */
public final class Shortcuts {

    /** Each action with its key and what it does, as the {@code ?} list shows them. */
    public enum Action {
        NEXT("J / K", "next / previous item in a queue (J past the last row loads more)"),
        PREVIOUS(null, null),
        OPEN("Enter", "open the selected conversation"),
        REVEAL("V", "reveal the selected item's masked text (audited)"),
        SEARCH("Ctrl+F", "search the queue: contact, key, message words"),
        SORT("O", "next sort order of the queue (whole store)"),
        LOAD_MORE("L", "load the next page of the queue"),
        RETRY("T", "retry the selected failed message (Failed)"),
        REPLY("R", "reply: focus the composer; / + name then Tab inserts a canned reply; Ctrl+Enter sends"),
        UNBLOCK("U", "unblock the open conversation (resume state and a note)"),
        ACKNOWLEDGE("A", "acknowledge the open conversation's newest alert"),
        RESOLVE("Shift+A", "resolve the open conversation's newest alert (with a note)"),
        DESIST("D", "mark the open conversation desist (with a note)"),
        BACK("Esc", "back to the queue; dismiss the alert banner"),
        NEW_CONVERSATION("N", "start a new conversation"),
        REFRESH("F5", "refresh"),
        SAVE("Ctrl+S", "save Settings"),
        TEXT_LARGER("Ctrl++ / Ctrl+-", "larger / smaller text (Ctrl+0: normal)"),
        TEXT_SMALLER(null, null),
        TEXT_NORMAL(null, null),
        HELP("?", "this list"),
        SECTION_1(null, null), SECTION_2(null, null), SECTION_3(null, null), SECTION_4(null, null),
        SECTION_5(null, null), SECTION_6(null, null), SECTION_7(null, null), SECTION_8(null, null),
        SECTION_9(null, null);

        private final String keys;
        private final String description;

        Action(String keys, String description) {
            this.keys = keys;
            this.description = description;
        }
    }

    /** The list the {@code ?} key shows: every action, the sections, and how to reach the other controls. */
    static final String HELP_TEXT = helpText();

    private static String helpText() {
        var text = new StringBuilder();
        for (var action : Action.values()) {
            if (action.keys == null) continue;
            text.append(String.format("%-17s%s%n", action.keys, action.description));
        }
        var sections = new StringBuilder();
        for (var section : Section.values()) {
            if (section.ordinal() >= 9) break;
            sections.append(sections.isEmpty() ? "" : ", ").append(section.title());
        }
        text.append(String.format("%-17s%s%n", "Ctrl+1 … Ctrl+9", sections));
        text.append(String.format("%-17s%s", "Tab / Shift+Tab", "move between controls; Space presses the focused "
                + "button, arrows choose in lists"));
        return text.toString();
    }

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
            if (e.getCode() == KeyCode.S) return Action.SAVE;
            if (e.getCode() == KeyCode.PLUS || e.getCode() == KeyCode.EQUALS || e.getCode() == KeyCode.ADD) {
                return Action.TEXT_LARGER;
            }
            if (e.getCode() == KeyCode.MINUS || e.getCode() == KeyCode.SUBTRACT) return Action.TEXT_SMALLER;
            if (e.getCode() == KeyCode.DIGIT0 || e.getCode() == KeyCode.NUMPAD0) return Action.TEXT_NORMAL;
            if (e.getCode().isDigitKey()) {
                int n = digit(e.getCode());
                if (n >= 1 && n <= 9) return Action.values()[Action.SECTION_1.ordinal() + n - 1];
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
            case O -> Action.SORT;
            case L -> Action.LOAD_MORE;
            case T -> Action.RETRY;
            case R -> Action.REPLY;
            case U -> Action.UNBLOCK;
            case A -> e.isShiftDown() ? Action.RESOLVE : Action.ACKNOWLEDGE;
            case D -> Action.DESIST;
            case N -> Action.NEW_CONVERSATION;
            case SLASH -> e.isShiftDown() ? Action.HELP : null;
            default -> "?".equals(e.getText()) ? Action.HELP : null;
        };
    }

    private static int digit(KeyCode code) {
        return code.ordinal() >= KeyCode.NUMPAD0.ordinal() && code.ordinal() <= KeyCode.NUMPAD9.ordinal()
                ? code.ordinal() - KeyCode.NUMPAD0.ordinal() : code.getCode() - KeyCode.DIGIT0.getCode();
    }

    public static void showHelp(Window owner) {
        var alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner);
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Keyboard shortcuts");
        alert.setContentText(HELP_TEXT);
        alert.getDialogPane().getStyleClass().add("shortcuts");
        alert.getDialogPane().setAccessibleText("Keyboard shortcuts");
        alert.getDialogPane().setAccessibleHelp(HELP_TEXT);
        if (owner != null && owner.getScene() != null) {
            alert.getDialogPane().setStyle(owner.getScene().getRoot().getStyle());
            alert.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        alert.show();
    }
}
