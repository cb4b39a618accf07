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

    @Test
    void everyActionHasAKeyAndTheHelpListsThemAll() {
        assertThat(Shortcuts.action(key(KeyCode.A, "A", true, false), false)).isEqualTo(Action.RESOLVE);
        assertThat(Shortcuts.action(key(KeyCode.A, "a", false, false), false)).isEqualTo(Action.ACKNOWLEDGE);
        assertThat(Shortcuts.action(key(KeyCode.D, "d", false, false), false)).isEqualTo(Action.DESIST);
        assertThat(Shortcuts.action(key(KeyCode.O, "o", false, false), false)).isEqualTo(Action.SORT);
        assertThat(Shortcuts.action(key(KeyCode.L, "l", false, false), false)).isEqualTo(Action.LOAD_MORE);
        assertThat(Shortcuts.action(key(KeyCode.T, "t", false, false), false)).isEqualTo(Action.RETRY);
        assertThat(Shortcuts.action(key(KeyCode.S, "s", false, true), true)).isEqualTo(Action.SAVE);
        assertThat(Shortcuts.action(key(KeyCode.EQUALS, "=", false, true), true)).isEqualTo(Action.TEXT_LARGER);
        assertThat(Shortcuts.action(key(KeyCode.MINUS, "-", false, true), true)).isEqualTo(Action.TEXT_SMALLER);
        assertThat(Shortcuts.action(key(KeyCode.DIGIT0, "0", false, true), true)).isEqualTo(Action.TEXT_NORMAL);
        assertThat(Shortcuts.action(key(KeyCode.DIGIT9, "9", false, true), true)).isEqualTo(Action.SECTION_9);
        assertThat(Shortcuts.HELP_TEXT).contains("Shift+A", "resolve", "Ctrl+S", "Opportunities", "Settings",
                "/ + name", "Tab / Shift+Tab");
        assertThat(Shortcuts.HELP_TEXT.lines()).hasSizeGreaterThan(18);
    }
}
