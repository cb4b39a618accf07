package dev.parley.adapter.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.playbooks.DemoCatalog;
import dev.parley.adapter.ui.common.FxTaskExecutor;
import dev.parley.adapter.ui.common.Notifier;
import dev.parley.adapter.ui.queue.QueueRow;
import dev.parley.adapter.ui.settings.FileConsoleSettings;
import dev.parley.bootstrap.launch.ConsoleAssembly;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The buyer journey in the real console window (headless): a buyer on the buyer-sms line books a property; the
 * operator opens the conversation, sees its phase, engagement and link, and sends the next scheduled nudge now; the
 * dashboard shows the funnel.
 */
class BuyerJourneyConsoleTest {
    static final String BUYER = "+13135550901";
    /**
     * Real time, but starting at 11:00 in Detroit (the buyer's number): the nudge this test sends now is a proactive
     * message, held in the buyer's quiet hours (21:00–08:00 local), so on the system clock the test failed whenever
     * the suite ran in a Detroit evening or night.
     */
    static final Clock DAYTIME_IN_DETROIT = Clock.offset(Clock.systemUTC(),
            Duration.between(Instant.now(), Instant.parse("2026-05-04T15:00:00Z")));
    @TempDir Path home;
    TestParley parley;
    FxTaskExecutor executor;
    ConsoleWindow window;
    final FxRobot robot = new FxRobot();
    int ids;

    @BeforeEach
    void start() throws Exception {
        parley = TestParley.start(home, DAYTIME_IN_DETROIT, java.util.Map.of(), null);
        parley.app.catalog.load(DemoCatalog.items());
        var settings = new FileConsoleSettings(home);
        settings.setOperatorName("Dana");
        executor = new FxTaskExecutor(2);
        var context = ConsoleAssembly.context(parley.app, executor, Notifier.NONE, ConsoleAssembly.Hooks.of(parley.app),
                settings);
        var stage = FxToolkit.registerPrimaryStage();
        FxToolkit.setupFixture(() -> {
            window = new ConsoleWindow(context);
            window.show(stage);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void stop() throws Exception {
        FxToolkit.setupFixture(() -> {
            window.close();
            robot.targetWindow(window.scene().getWindow());
        });
        FxToolkit.cleanupStages();
        executor.close();
        parley.close();
    }

    private void buyer(String text) {
        int before = sent().size();
        parley.app.receive.receive(new InboundMessage("aircall", "ac-" + (++ids), BUYER, BUYER, "+12485550100", text,
                null, null, "buyer-sms", null), "{}");
        await().atMost(Duration.ofSeconds(20)).until(() -> sent().size() > before);
    }

    private java.util.List<String> sent() {
        return parley.app.transactions.inTransaction(s -> s.conversations().findByKey("aircall", BUYER)
                .map(c -> s.outbox().ofConversation(c.id()).stream().filter(o -> o.status() == OutboxStatus.SENT)
                        .map(o -> o.text()).toList()).orElse(java.util.List.of()));
    }

    private String label(String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    @Test
    void theOperatorSeesTheJourneyAndSendsTheNextNudgeNow() {
        buyer("Need 15,000 sqft near Detroit for auto parts storage");
        buyer("Tell me more about the Commerce one");
        buyer("Let's book it. I'm Sarah Chen, sarah@acmecorp.com");
        robot.clickOn("#nav-all");
        TableView<QueueRow> table = robot.lookup("#queue-all").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> table.getItems().size() == 1);
        robot.clickOn(table);
        robot.type(KeyCode.K);
        robot.type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#journey-summary").tryQuery()
                .map(n -> ((Label) n).getText().contains("GUARANTEE_PENDING")).orElse(false));
        // the engagement's id comes from a sequence, which a retried transaction advances: read it, don't assume 1
        long engagement = parley.app.transactions.inTransaction(s -> s.conversations().findByKey("aircall", BUYER)
                .map(c -> s.engagements().ofConversation(c.id())).orElseThrow()).getFirst().id();
        assertThat(label("#journey-summary")).contains("Engagement: #" + engagement + " MI-COMMERCE-01 booking "
                + "initiated", "Link guarantee: pending");
        assertThat(label("#journey-next")).startsWith("Next: Nudge (GUARANTEE_PENDING #1)");
        robot.clickOn("#journey-send-now");
        await().atMost(Duration.ofSeconds(20)).until(() -> sent().contains("Just sent the guarantee link — takes 30 "
                + "seconds. Let me know if you have questions."));
        await().atMost(Duration.ofSeconds(10)).until(() -> label("#journey-next")
                .startsWith("Next: Nudge (GUARANTEE_PENDING #2)"));
        robot.type(KeyCode.ESCAPE);

        robot.clickOn("#nav-dashboard");
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#buyer-medians").tryQuery()
                .map(n -> ((Label) n).getText().startsWith("Median time to first match: <1m")).orElse(false));
    }
}
