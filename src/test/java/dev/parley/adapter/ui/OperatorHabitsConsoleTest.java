package dev.parley.adapter.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.ui.queue.QueueRow;
import dev.parley.adapter.ui.shell.Section;
import dev.parley.domain.message.OutboxStatus;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Daily habits in the real window (headless): a canned reply inserted by keyboard, filled and sent; an edited
 * setting (the alert patterns) in force for the next message without a restart.
 */
class OperatorHabitsConsoleTest {
    @TempDir Path home;
    ConsoleFixture fx;
    OpenConsoleWindow console;
    ConsoleWindow window;
    final FxRobot robot = new FxRobot();

    @BeforeEach
    void start() throws Exception {
        fx = new ConsoleFixture(home);
        console = OpenConsoleWindow.on(fx);
        window = console.window;
    }

    @AfterEach
    void stop() throws Exception {
        console.close();
        fx.close();
    }

    @Test
    void aCannedReplyIsInsertedFilledAndSent() {
        long id = fx.startOutreach("+15550701");
        fx.inbound(id, "+15550701", "Yes, happy to help!", "Mary Walsh");
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT4).release(KeyCode.CONTROL);
        TableView<QueueRow> all = robot.lookup("#queue-all").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> all.getItems().size() == 1);
        robot.clickOn(all).type(KeyCode.K).type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#reply-draft").tryQuery().isPresent());

        robot.type(KeyCode.R);
        robot.write("/than");
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#template-hint").queryLabeled().isVisible());
        assertThat(robot.lookup("#template-hint").queryLabeled().getText()).startsWith("Tab inserts /thanks");
        robot.type(KeyCode.TAB);
        TextInputControl draft = robot.lookup("#reply-draft").queryTextInputControl();
        assertThat(draft.getText()).isEqualTo("Thank you, Mary Walsh! This is really helpful. — Dana");
        robot.press(KeyCode.CONTROL).type(KeyCode.ENTER).release(KeyCode.CONTROL);
        await().atMost(Duration.ofSeconds(10)).until(() -> fx.parley.app.find.detail(id).outbox().stream()
                .anyMatch(o -> o.status() == OutboxStatus.SENT && o.operatorExplicit()
                        && o.text().equals("Thank you, Mary Walsh! This is really helpful. — Dana")));
    }

    @Test
    void editedAlertPatternsAreInForceForTheNextMessageWithoutARestart() {
        long id = fx.startOutreach("+15550702");
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT9).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.model().section().get()).isEqualTo(Section.SETTINGS);
        TextInputControl patterns = robot.lookup("#alert-patterns").queryTextInputControl();
        robot.interact(() -> patterns.setText(patterns.getText().replace("\"(suicide|kill myself|",
                "\"(suicide|swim with the fishes|kill myself|")));
        robot.clickOn("#settings-save");
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#settings-status").queryLabeled().getText()
                .contains("Applied now: alert patterns"));

        fx.inbound(id, "+15550702", "you will swim with the fishes");
        assertThat(fx.parley.app.find.detail(id).conversation().state()).isEqualTo("HumanReview");
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT1).release(KeyCode.CONTROL);
        TableView<QueueRow> review = robot.lookup("#queue-human_review").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> review.getItems().size() == 1);
        assertThat(review.getItems().getFirst().why()).startsWith("Critical alert: self-harm");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theSafetyRewriteIsChosenInSettingsAndAppliedWithoutARestart() {
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT9).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.ChoiceBox<String> rewrite = robot.lookup("#setting-safety-rewrite")
                .queryAs(javafx.scene.control.ChoiceBox.class);
        assertThat(rewrite.getValue()).isEqualTo("deterministic");
        assertThat(rewrite.getItems()).containsExactly("deterministic", "model");
        robot.interact(() -> rewrite.setValue("model"));
        robot.clickOn("#settings-save");
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#settings-status").queryLabeled().getText()
                .contains("Applied now: safety.rewrite"));
        assertThat(fx.parley.app.currentConfig().get(dev.parley.bootstrap.ConfigKey.SAFETY_REWRITE)).isEqualTo("model");
    }
}
