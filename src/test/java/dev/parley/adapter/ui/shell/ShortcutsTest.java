package dev.parley.adapter.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.ui.shell.Shortcuts.Action;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import org.junit.jupiter.api.Test;

class ShortcutsTest {
    static KeyEvent key(KeyCode code, String text, boolean shift, boolean ctrl) {
        return new KeyEvent(KeyEvent.KEY_PRESSED, text, text, code, shift, ctrl, false, false);
    }

    @Test
    void lettersMoveOpenReplyAndUnblock() {
        assertThat(Shortcuts.action(key(KeyCode.J, "j", false, false), false)).isEqualTo(Action.NEXT);
        assertThat(Shortcuts.action(key(KeyCode.K, "k", false, false), false)).isEqualTo(Action.PREVIOUS);
        assertThat(Shortcuts.action(key(KeyCode.ENTER, "\r", false, false), false)).isEqualTo(Action.OPEN);
        assertThat(Shortcuts.action(key(KeyCode.R, "r", false, false), false)).isEqualTo(Action.REPLY);
        assertThat(Shortcuts.action(key(KeyCode.U, "u", false, false), false)).isEqualTo(Action.UNBLOCK);
        assertThat(Shortcuts.action(key(KeyCode.SLASH, "?", true, false), false)).isEqualTo(Action.HELP);
    }

    @Test
    void lettersTypeIntoTextFieldsButControlKeysStillWork() {
        assertThat(Shortcuts.action(key(KeyCode.J, "j", false, false), true)).isNull();
        assertThat(Shortcuts.action(key(KeyCode.F, "f", false, true), true)).isEqualTo(Action.SEARCH);
        assertThat(Shortcuts.action(key(KeyCode.ESCAPE, "", false, false), true)).isEqualTo(Action.BACK);
        assertThat(Shortcuts.action(key(KeyCode.DIGIT3, "3", false, true), true)).isEqualTo(Action.SECTION_3);
    }
}
