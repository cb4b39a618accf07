package dev.parley.adapter.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.adapter.ui.common.FxTaskExecutor;
import dev.parley.adapter.ui.common.Notifier;
import dev.parley.adapter.ui.conversation.TimelineEntry;
import dev.parley.adapter.ui.queue.QueueRow;
import dev.parley.adapter.ui.settings.FileConsoleSettings;
import dev.parley.bootstrap.launch.ConsoleAssembly;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.TestParley;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ListView;
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
 * The operator flow end to end on a real Parley (H2 in a temp dir, listener on port 0) and a headless window:
 * a message POSTed to the listener shows up in the console by itself; the operator opens it and replies; the
 * local sender sends the reply; audit_log records the reply.
 */
class ConsoleEndToEndTest {
    @TempDir Path home;
    TestParley parley;
    FxTaskExecutor executor;
    ConsoleWindow window;
    final FxRobot robot = new FxRobot();
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        parley = TestParley.start(home);
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

    @Test
    void postedMessageAppearsByItselfAndTheOperatorReplies() throws Exception {
        robot.clickOn("#nav-all");
        TableView<QueueRow> table = robot.lookup("#queue-all").queryTableView();
        assertThat(table.getItems()).isEmpty();

        // a first message warms up the HTTP client and the pipeline (first Hibernate queries, class loading)
        assertThat(post("msg_0", "{\"id\":\"SM0\",\"channel\":\"sms\",\"from\":\"+15550199\","
                + "\"text\":\"hello\"}").statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> table.getItems().size() == 1);

        long posted = System.nanoTime();
        assertThat(post("msg_1", "{\"id\":\"SM1\",\"channel\":\"sms\",\"from\":\"+15550100\","
                + "\"text\":\"Call me at 555 0100 please\"}").statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(10))
                .until(() -> table.getItems().size() == 2);
        var appearedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - posted);
        assertThat(appearedMs).as("POST to visible in All conversations, ms").isLessThan(1000);
        System.err.println("console: POST -> visible in All conversations in " + appearedMs + " ms");

        var row = table.getItems().getFirst();
        assertThat(row.preview().get()).doesNotContain("555").contains("•");
        assertThat(row.contact().get()).doesNotContain("5550100");

        robot.clickOn(table);
        robot.type(KeyCode.K);
        robot.type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#timeline").tryQuery().isPresent()
                && robot.lookup("#state-Open").tryQuery().isPresent());

        // U: the unblock dialog offers only the playbook's resumable states and needs a note
        robot.type(KeyCode.U);
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#unblock-note").tryQuery().isPresent());
        assertThat(robot.lookup("#unblock-ok").queryButton().isDisabled()).isTrue();
        robot.clickOn("#unblock-note").write("Checked with the contact");
        robot.clickOn("#unblock-ok");
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#timeline").queryListView().getItems()
                .stream().anyMatch(e -> e.toString().contains("operator_unblock: Checked with the contact")));

        robot.type(KeyCode.R);
        robot.write("Thanks, we will call you.");
        robot.clickOn("#send-reply");

        long conversationId = row.item().conversationId();
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.app.database.transactions().inTransaction(s ->
                s.outbox().ofConversation(conversationId).stream().anyMatch(o -> o.status() == OutboxStatus.SENT
                        && o.operatorExplicit() && "Dana".equals(o.actor()))));
        var audit = parley.app.database.transactions().inTransaction(s ->
                s.audit().forTarget("conversation", conversationId));
        assertThat(audit).anyMatch(a -> a.action().equals("reply") && a.actor().equals("Dana"));
        assertThat(audit).anyMatch(a -> a.action().equals("unblock") && a.actor().equals("Dana"));
    }

    @Test
    void shortcutsReachTheQueuesSearchAndHelp() {
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT4).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.model().section().get()).isEqualTo(dev.parley.adapter.ui.shell.Section.ALL);
        robot.press(KeyCode.CONTROL).type(KeyCode.F).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.scene().getFocusOwner()).isInstanceOf(javafx.scene.control.TextField.class);
        robot.type(KeyCode.ESCAPE);
        robot.clickOn("#queue-all");
        robot.press(KeyCode.SHIFT).type(KeyCode.SLASH).release(KeyCode.SHIFT);
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup(".shortcuts").tryQuery().isPresent());
        assertThat(robot.lookup(".shortcuts .content").queryLabeled().getText()).contains("J / K");
        robot.type(KeyCode.ENTER);
    }

    /** A message of unknown delivery waits in the Failed queue until the operator sends it again (audited). */
    @Test
    void anUndeliveredMessageIsSentAgainFromTheFailedQueue() {
        var started = parley.app.startConversation.start(new dev.parley.application.operator.StartConversation
                .Command("noop", "sms", "+15550155", "Hello again", "Dana"));
        await().atMost(Duration.ofSeconds(10)).until(() -> status(started.outboxId()) == OutboxStatus.SENT);
        long unknown = parley.app.transactions.inTransaction(s -> {
            var row = s.outbox().enqueue(started.conversationId(), s.conversations().find(started.conversationId())
                    .orElseThrow().contactId(), "e2e", "reply", "Did this arrive?", OutboxStatus.PENDING, null, true,
                    "Dana", java.time.Instant.now()).orElseThrow();
            s.outbox().claim(row.id(), java.time.Instant.now());
            s.outbox().mark(row.id(), OutboxStatus.DELIVERY_UNKNOWN, "no answer from twilio: SocketTimeoutException");
            return row.id();
        });

        robot.clickOn("#nav-failed");
        TableView<QueueRow> failed = robot.lookup("#queue-failed").queryTableView();
        await().atMost(Duration.ofSeconds(5)).until(() -> failed.getItems().size() == 1);
        assertThat(robot.lookup("#send-again").queryButton().isDisabled()).as("nothing selected").isTrue();
        robot.clickOn(failed);
        robot.type(KeyCode.J);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#retry-inbox").queryButton().isDisabled()).as("not an inbox row").isTrue();
        assertThat(robot.lookup("#mark-sent").queryButton().isDisabled()).isFalse();
        robot.clickOn("#send-again");

        await().atMost(Duration.ofSeconds(10)).until(() -> status(unknown) == OutboxStatus.SENT);
        await().atMost(Duration.ofSeconds(5)).until(() -> failed.getItems().isEmpty());
        var audit = parley.app.transactions.inTransaction(s -> s.audit().forTarget("outbox", unknown));
        assertThat(audit).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("outbox_send_again");
            assertThat(a.actor()).isEqualTo("Dana");
        });
    }

    private OutboxStatus status(long outboxId) {
        return parley.app.transactions.inTransaction(s -> s.outbox().find(outboxId)).orElseThrow().status();
    }

    /** The critical path of issue 5, on the built-in outreach playbook (FSM with HumanReview and alert detection). */
    @Test
    void criticalReplyGoesToHumanReviewThenUnblockAndReply() throws Exception {
        var started = parley.app.startConversation.start(new dev.parley.application.operator.StartConversation
                .Command("outreach", "sms", "+15550142", "Hello from the community team", "Dana"));
        long id = started.conversationId();
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.app.find.detail(id).conversation().state()
                .equals("AwaitingReply"));
        // The 1 s is for a running console: the embedding model loads in the background at start.
        parley.app.embeddingsWarm().get(60, TimeUnit.SECONDS);
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT1).release(KeyCode.CONTROL);
        TableView<QueueRow> review = robot.lookup("#queue-human_review").queryTableView();
        long posted = System.nanoTime();
        assertThat(post("msg_c1", "{\"id\":\"SMc1\",\"channel\":\"sms\",\"from\":\"+15550142\","
                + "\"playbook\":\"outreach\",\"text\":\"I want to end it all\"}").statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(10))
                .until(() -> review.getItems().size() == 1);
        System.err.println("console: critical POST -> Human review in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - posted) + " ms");

        robot.clickOn(review).type(KeyCode.K).type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#state-HumanReview").tryQuery()
                .map(n -> n.getStyleClass().contains("state-current")).orElse(false));
        assertThat(robot.lookup("#conversation-state").queryLabeled().getText()).isEqualTo("HumanReview");
        assertThat(robot.lookup("#timeline").queryListView().getItems())
                .anyMatch(e -> e.toString().contains("→ HumanReview"));

        robot.type(KeyCode.U);
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#unblock-note").tryQuery().isPresent());
        assertThat(robot.lookup("#unblock-state").queryAs(javafx.scene.control.ChoiceBox.class).getValue())
                .isEqualTo("AwaitingReply");
        robot.clickOn("#unblock-note").write("Called them; they are safe and want to continue");
        robot.clickOn("#unblock-ok");
        await().atMost(Duration.ofSeconds(5)).until(() -> parley.app.find.detail(id).conversation().state()
                .equals("AwaitingReply"));

        robot.type(KeyCode.R);
        robot.write("Thank you for talking with us.");
        robot.clickOn("#send-reply");
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> parley.app.find.detail(id).outbox().stream()
                    .anyMatch(o -> o.status() == OutboxStatus.SENT && "Dana".equals(o.actor())
                            && o.text().equals("Thank you for talking with us.")));
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError("outbox: " + parley.app.find.detail(id).outbox().stream()
                    .map(o -> o.status() + "/" + o.actor() + "/" + o.reason() + "/" + o.text().length()).toList()
                    + " audit: " + parley.app.find.detail(id).audit().stream().map(a -> a.action()).toList(), e);
        }
        assertThat(parley.app.find.detail(id).audit()).extracting(a -> a.action() + ":" + a.actor())
                .contains("unblock:Dana", "reply:Dana");
    }

    @Test
    void theAssistantsPlanIsOnTheTimelineAndSettingsTestTheModel() throws Exception {
        assertThat(robot.lookup("#model-status").queryLabeled().getText()).isEqualTo("Model: offline (built in)");
        assertThat(post("msg_a1", "{\"id\":\"SMa1\",\"channel\":\"sms\",\"from\":\"+15550177\","
                + "\"playbook\":\"assistant\",\"text\":\"What time is it?\"}").statusCode()).isEqualTo(202);
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT4).release(KeyCode.CONTROL);
        TableView<QueueRow> all = robot.lookup("#queue-all").queryTableView();
        await().atMost(Duration.ofSeconds(20)).until(() -> all.getItems().size() == 1);
        long id = all.getItems().getFirst().item().conversationId();
        await().atMost(Duration.ofSeconds(20)).until(() -> !parley.app.find.detail(id).outbox().isEmpty());
        robot.clickOn(all).type(KeyCode.K).type(KeyCode.ENTER);
        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("#timeline").tryQuery().isPresent()
                && robot.lookup("#timeline").queryListView().getItems().stream()
                .anyMatch(e -> e.toString().contains("Plan · get_time → FINAL_RESPONSE")));
        ListView<TimelineEntry> timeline = robot.lookup("#timeline").queryListView();
        assertThat(timeline.getItems()).extracting(TimelineEntry::title)
                .contains("Tool get_time · ok", "Step 1 · get_time · ok", "Step 2 · FINAL_RESPONSE · ok");
        robot.interact(() -> timeline.scrollTo(timeline.getItems().size() - 1));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".tl-collapsible").queryAll()).isNotEmpty()
                .allSatisfy(n -> assertThat(((javafx.scene.control.TitledPane) n).isExpanded()).isFalse());

        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT9).release(KeyCode.CONTROL);  // Settings
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#test-connection").tryQuery().isPresent());
        robot.clickOn("#test-connection");
        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup("#connection-status").queryLabeled().getText()
                .startsWith("The offline model is built in"));
    }

    java.net.http.HttpResponse<String> post(String id, String body) throws Exception {
        var signer = StandardWebhooks.of(TestParley.SECRET, Clock.systemUTC());
        long ts = Clock.systemUTC().instant().getEpochSecond();
        var bytes = body.getBytes(StandardCharsets.UTF_8);
        var request = HttpRequest.newBuilder(URI.create(parley.baseUrl() + "/webhooks/generic"))
                .header("webhook-id", id).header("webhook-timestamp", Long.toString(ts))
                .header("webhook-signature", signer.sign(id, ts, bytes))
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
