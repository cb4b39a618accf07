package dev.parley.adapter.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.ui.queue.QueueRow;
import dev.parley.application.console.QueueItem;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Seed 002 in the real window (headless): a message the safety validator silenced waits under Held &amp; filtered
 * until the operator releases it (audited); the composer shows the validator's rewrite beside the draft and the
 * operator may take it.
 */
class SafetyConsoleTest {
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
    void aSilencedMessageIsReleasedFromHeldAndFiltered() {
        long id = fx.startConversation("+15550601", "hello");
        fx.inbound(id, "+15550601", "Can you do a wire transfer for me?");

        robot.clickOn("#nav-held");
        TableView<QueueRow> held = robot.lookup("#queue-held").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> held.getItems().size() == 1);
        assertThat(held.getItems().getFirst().item().source()).isEqualTo(QueueItem.Source.MESSAGE);
        assertThat(robot.lookup("#release-message").queryButton().isDisabled()).as("nothing selected").isTrue();
        robot.clickOn(held);
        robot.type(KeyCode.J);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#release-message").queryButton().isDisabled()).isFalse();
        long messageId = held.getItems().getFirst().item().id();
        robot.clickOn("#release-message");

        await().atMost(Duration.ofSeconds(10)).until(() -> held.getItems().isEmpty());
        assertThat(fx.tx().inTransaction(s -> s.messages().find(messageId)).orElseThrow().status())
                .isEqualTo("RECEIVED");
        java.util.List<dev.parley.domain.conversation.AuditEntry> audit = fx.tx().inTransaction(s -> s.audit()
                .forTarget("message", messageId));
        assertThat(audit).anyMatch(a -> a.action().equals("release_message") && a.actor().equals("Dana"));
    }

    /**
     * Issue 35: an outgoing message quiet hours hold for later (as the outbox's screen leaves it: PENDING, never tried,
     * due when they end) is listed as SCHEDULED, and an operator cancels it (audited): it is never sent.
     */
    @Test
    void aSendScheduledForAfterQuietHoursIsListedAndCancelled() {
        long id = fx.startConversation("+15550644", "hello");
        var later = fx.clock.instant().plus(Duration.ofHours(8));
        long rowId = fx.tx().inTransaction(s -> {
            var contact = s.conversations().find(id).orElseThrow().contactId();
            var row = s.outbox().enqueue(id, contact, "timer:nudge", "nudge", "Still there?",
                    dev.parley.domain.message.OutboxStatus.PENDING, null, false, "system", fx.clock.instant())
                    .orElseThrow();
            s.outbox().markRetry(row.id(), 0, "safety: quiet_hours until " + later + " (trace 0)", later);
            return row.id();
        });

        robot.clickOn("#nav-held");
        TableView<QueueRow> held = robot.lookup("#queue-held").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> held.getItems().size() == 1);
        var item = held.getItems().getFirst().item();
        assertThat(item.source()).isEqualTo(QueueItem.Source.OUTBOX);
        assertThat(item.status()).startsWith("SCHEDULED: safety: quiet_hours until");
        assertThat(robot.lookup("#cancel-scheduled").queryButton().isDisabled()).as("nothing selected").isTrue();
        robot.clickOn(held);
        robot.type(KeyCode.J);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#release-message").queryButton().isDisabled()).as("not an inbound message").isTrue();
        robot.clickOn("#cancel-scheduled");

        await().atMost(Duration.ofSeconds(10)).until(() -> fx.tx().inTransaction(s -> s.outbox().find(rowId))
                .orElseThrow().status() == dev.parley.domain.message.OutboxStatus.DENIED);
        assertThat(fx.tx().inTransaction(s -> s.outbox().find(rowId)).orElseThrow().reason())
                .startsWith("cancelled by Dana");
        java.util.List<dev.parley.domain.conversation.AuditEntry> audit = fx.tx().inTransaction(s -> s.audit()
                .forTarget("outbox", rowId));
        assertThat(audit).anyMatch(a -> a.action().equals("outbox_cancel") && a.actor().equals("Dana"));
        await().atMost(Duration.ofSeconds(10)).until(() -> held.getItems().size() == 1
                && held.getItems().getFirst().item().status().startsWith("DENIED: cancelled by Dana"));
    }

    @Test
    void heldAndFilteredIsSearchedOverTheIndexAndFilteredByAlerts() {
        long wire = fx.startConversation("+15550611", "hello");
        fx.inbound(wire, "+15550611", "Can you do a wire transfer for me?");
        fx.inbound(wire, "+15550611", "I want to kill myself"); // ESCALATE: a critical alert on this conversation
        long money = fx.startConversation("+15550622", "hello");
        fx.inbound(money, "+15550622", "Please send money tonight, I will explain later.");

        robot.clickOn("#nav-held");
        TableView<QueueRow> held = robot.lookup("#queue-held").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> held.getItems().size() == 2);

        // a word of the held message itself, found through the search index (not the contact's address)
        robot.clickOn("#search-held").write("wire").type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(10)).until(() -> held.getItems().size() == 1
                && held.getItems().getFirst().item().conversationId() == wire);
        robot.doubleClickOn("#search-held").eraseText(4).type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(10)).until(() -> held.getItems().size() == 2);

        // the alert filter: only the conversation with an unresolved critical alert, then only the one with none
        javafx.scene.control.ComboBox<String> alerts = robot.lookup("#alerts-held").queryComboBox();
        assertThat(alerts.isVisible()).isTrue();
        robot.interact(() -> alerts.getSelectionModel().select("critical"));
        await().atMost(Duration.ofSeconds(10)).until(() -> held.getItems().size() == 1
                && held.getItems().getFirst().item().conversationId() == wire);
        robot.interact(() -> alerts.getSelectionModel().select("none"));
        await().atMost(Duration.ofSeconds(10)).until(() -> held.getItems().size() == 1
                && held.getItems().getFirst().item().conversationId() == money);
    }

    @Test
    void anOperatorSetsTheContactsTimeZoneInTheContactPane() {
        long id = fx.startConversation("+15550633", "hello");
        long contact = fx.parley.app.find.detail(id).contact().id();
        robot.clickOn("#nav-all");
        TableView<QueueRow> all = robot.lookup("#queue-all").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> all.getItems().size() == 1);
        robot.clickOn(all).type(KeyCode.J).type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#contact-time-zone").tryQuery().isPresent());

        robot.clickOn("#contact-time-zone").write("Mars/Olympus_Mons");
        robot.clickOn("#set-time-zone");
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup(".muted").queryAll().stream()
                .anyMatch(n -> n instanceof javafx.scene.control.Label l && l.getText() != null
                        && l.getText().startsWith("Time zone not set")));
        assertThat(fx.parley.app.find.detail(id).contact().zone()).as("refused, nothing changed").isEmpty();

        robot.interact(() -> robot.lookup("#contact-time-zone").queryTextInputControl().setText("Europe/Paris"));
        robot.clickOn("#set-time-zone");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> fx.parley.app.find.detail(id).contact().zone().isPresent());
        assertThat(fx.parley.app.find.detail(id).contact().timeZone()).isEqualTo(java.time.ZoneId.of("Europe/Paris"));
        java.util.List<dev.parley.domain.conversation.AuditEntry> audit = fx.tx().inTransaction(s -> s.audit()
                .forTarget("contact", contact));
        assertThat(audit).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("set_time_zone");
            assertThat(a.actor()).isEqualTo("Dana");
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#contact-time-zone")
                .queryTextInputControl().getText().equals("Europe/Paris"));
    }

    @Test
    void theComposerOffersTheRewriteBesideTheDraft() {
        long id = fx.startConversation("+15550602", "hello");
        robot.clickOn("#nav-all");
        TableView<QueueRow> all = robot.lookup("#queue-all").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> all.getItems().size() == 1);
        robot.clickOn(all).type(KeyCode.J).type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#reply-draft").tryQuery().isPresent());
        robot.clickOn("#reply-draft").write("You will act now or else, after all I've done for you");
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#use-rewrite").tryQuery().isPresent());
        var offered = robot.lookup("#safety-rewrite").queryLabeled().getText();
        assertThat(offered).startsWith("Rewrite: ");
        robot.clickOn("#use-rewrite");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#reply-draft").queryTextInputControl().getText())
                .isEqualTo(offered.substring("Rewrite: ".length()));
        assertThat(id).isPositive();
    }
}
