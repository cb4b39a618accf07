package dev.parley.adapter.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.ui.common.Notifier;
import dev.parley.adapter.ui.queue.QueueRow;
import dev.parley.adapter.ui.shell.Section;
import dev.parley.application.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.application.Platform;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Triage in the real window (headless), on a virtual clock: Human review puts the person at risk first, the
 * review tier next, the unclear reply last, and the high-value discovery is in Opportunities; a critical alert is
 * announced (banner, accessible text) and re-notified louder when nobody acknowledges it in time.
 */
class TriageConsoleTest {
    @TempDir Path home;
    final ManualClock clock = new ManualClock(Instant.parse("2026-03-02T09:00:00Z"));
    final List<String> urgent = new CopyOnWriteArrayList<>();
    ConsoleFixture fx;
    OpenConsoleWindow console;
    ConsoleWindow window;
    final FxRobot robot = new FxRobot();

    @BeforeEach
    void start() throws Exception {
        fx = new ConsoleFixture(home, clock);
        var notifier = new Notifier() {
            @Override public void critical(String title, String text) { }
            @Override public void urgent(String title, String text) { urgent.add(text); }
        };
        console = OpenConsoleWindow.on(fx, notifier);
        window = console.window;
    }

    @AfterEach
    void stop() throws Exception {
        console.close();
        fx.close();
    }

    @Test
    void mostUrgentFirstOpportunitiesApartAndAReminderWhenNobodyAcknowledges() {
        long highValue = fx.startOutreach("+15550501");
        fx.inbound(highValue, "+15550501", "Thanks for your message. I have the family bible somewhere, let me look.");
        long unclear = fx.startOutreach("+15550502");
        fx.inbound(unclear, "+15550502", "I'm not sure who you are.");
        long review = fx.startOutreach("+15550503");
        fx.raiseReviewTier(review, "threats");
        clock.advance(Duration.ofMinutes(1));
        long critical = fx.startOutreach("+15550504");
        fx.inbound(critical, "+15550504", "I want to end it all");

        TableView<QueueRow> table = robot.lookup("#queue-human_review").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> table.getItems().size() == 3);
        assertThat(table.getItems()).extracting(r -> r.item().conversationId()).containsExactly(critical, review,
                unclear);
        assertThat(table.getItems().getFirst().why()).startsWith("Critical alert: self-harm");
        var banner = window.scene().lookup(".alert-banner-text");
        await().atMost(Duration.ofSeconds(5)).until(() -> banner.isVisible());
        assertThat(banner.getAccessibleText()).startsWith("Critical alert.").contains("Conversation " + critical);
        // The title follows the unacknowledged count, refreshed on its own after the banner (a loaded machine shows
        // the banner first).
        var stage = (javafx.stage.Stage) window.scene().getWindow();
        await().atMost(Duration.ofSeconds(5)).until(() -> stage.getTitle().contains("1 critical unacknowledged"));

        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT6).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.model().section().get()).isEqualTo(Section.OPPORTUNITIES);
        TableView<QueueRow> opportunities = robot.lookup("#queue-opportunities").queryTableView();
        await().atMost(Duration.ofSeconds(5)).until(() -> opportunities.getItems().size() == 1);
        assertThat(opportunities.getItems().getFirst().item().conversationId()).isEqualTo(highValue);

        // nobody acknowledges: ten minutes later on the console's clock, a second, louder notification
        clock.advance(Duration.ofMinutes(9));
        Platform.runLater(() -> window.model().checkReminders());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(urgent).isEmpty();
        clock.advance(Duration.ofMinutes(1));
        Platform.runLater(() -> window.model().checkReminders());
        await().atMost(Duration.ofSeconds(5)).until(() -> urgent.size() == 1);
        assertThat(urgent.getFirst()).contains("Conversation " + critical);
        await().atMost(Duration.ofSeconds(5)).until(() -> window.scene().lookup(".alert-banner-urgent") != null);
        assertThat(banner.getAccessibleText()).startsWith("Reminder: critical alert still unacknowledged");

        // by keyboard alone: Human review, the most urgent row, acknowledge (A), resolve with a note (Shift+A)
        robot.type(KeyCode.ESCAPE);
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT1).release(KeyCode.CONTROL);
        robot.clickOn(table);
        robot.type(KeyCode.K).type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#conversation-" + critical).tryQuery()
                .isPresent() && !robot.lookup("#timeline").queryListView().getItems().isEmpty());
        robot.type(KeyCode.A);
        await().atMost(Duration.ofSeconds(10)).until(() -> fx.parley.app.find.detail(critical).alerts().getFirst()
                .handling().acknowledgedBy() != null);
        robot.press(KeyCode.SHIFT).type(KeyCode.A).release(KeyCode.SHIFT);
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#resolve-note").tryQuery().isPresent());
        robot.clickOn("#resolve-note").write("Called them; they are safe").type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(10)).until(() -> fx.parley.app.find.detail(critical).alerts().getFirst()
                .resolved());
        var handling = fx.parley.app.find.detail(critical).alerts().getFirst().handling();
        assertThat(handling.acknowledgedBy()).isEqualTo("Dana");
        assertThat(handling.resolutionNote()).isEqualTo("Called them; they are safe");
        assertThat(Duration.between(fx.parley.app.find.detail(critical).alerts().getFirst().createdAt(),
                handling.acknowledgedAt())).as("time to acknowledge, virtual").isEqualTo(Duration.ofMinutes(10));
    }
}
