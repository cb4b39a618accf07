package dev.parley.adapter.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.ui.common.FxTaskExecutor;
import dev.parley.adapter.ui.common.Notifier;
import dev.parley.adapter.ui.queue.QueueRow;
import dev.parley.adapter.ui.settings.FileConsoleSettings;
import dev.parley.application.PipelineEvent;
import dev.parley.application.console.QueueKind;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.launch.ConsoleAssembly;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.PostgresCluster;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Team mode in the console (issue 15): two Parley instances on one PostgreSQL database, each with its own console
 * window (one JVM, two app instances, as two desks): Dana's on A, Eve's on B. An alert raised by A's pipeline shows in
 * B's Human review queue by itself (LISTEN/NOTIFY, no reload by hand); Dana opening the
 * conversation shows in Eve's view as presence, and Dana's "Assign to me" and "Release" show in Eve's open view.
 *
 * <p>Each window is addressed through its own scene (both are on the same headless screen), buttons are fired, not
 * clicked at screen coordinates.
 *
 * <p>Issue 37: a change made through A appears in B's console within 1 s, asserted for the alert's row in B's Human
 * review and for Dana's claim in Eve's open view. Each is measured from the change's commit (A publishes its events
 * the moment the transaction committed; the test's probe is the first subscriber, ahead of the NOTIFY to the other
 * processes) to the moment B's view holds it. The path is short (NOTIFY, B's 100 ms event batch, one read of the
 * changed conversation), so the bound leaves room for a loaded machine. The first change warms both sides up and is
 * not timed, and each timed change waits until the work before it has settled (pipelines idle, the JavaFX thread both
 * windows share answering at once): on a loaded machine that thread spent seconds laying out and styling the warm-up's
 * first rows, and a change made meanwhile measured that backlog, not the way from A to B. The learned alert heads are
 * off (the alert comes from the patterns), so that no embedding model competes with the consoles for the CPU.
 */
class TeamConsolesTest {
    @TempDir Path dir;
    TestParley a;
    TestParley b;
    FxTaskExecutor executorA;
    FxTaskExecutor executorB;
    ConsoleWindow windowA;
    ConsoleWindow windowB;
    final FxRobot robot = new FxRobot();
    final Map<Long, Long> raisedInA = new ConcurrentHashMap<>();
    final Map<Long, Instant> publishedInA = new ConcurrentHashMap<>();
    final Map<Long, Instant> arrivedInB = new ConcurrentHashMap<>();
    final Map<Long, Instant> claimedInA = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws Exception {
        var url = PostgresCluster.shared().newDatabase();
        var store = Map.of(ConfigKey.DB_URL, url, ConfigKey.DB_USER,
                PostgresCluster.SUPERUSER, ConfigKey.DB_PASSWORD, PostgresCluster.PASSWORD,
                ConfigKey.PLAYBOOK_INBOUND, "outreach", ConfigKey.ALERTS_MODEL, "off");
        a = TestParley.start(dir.resolve("a"), Clock.systemUTC(), store, null);
        b = TestParley.start(dir.resolve("b"), Clock.systemUTC(), store, null);
        a.app.events.subscribeFirst(events -> events.forEach(e -> {
            if (e instanceof PipelineEvent.OperatorActed acted && acted.action().equals("claim")) {
                claimedInA.put(acted.conversationId(), Instant.now());
            }
            if (e instanceof PipelineEvent.AlertRaised alert) {
                publishedInA.put(alert.conversationId(), Instant.now());
                raisedInA.put(alert.conversationId(), System.nanoTime());
            }
        }));
        b.app.events.subscribe(events -> events.forEach(e -> {
            if (e instanceof PipelineEvent.AlertRaised alert) {
                arrivedInB.putIfAbsent(alert.conversationId(), Instant.now());
            }
        }));
        executorA = new FxTaskExecutor(2);
        executorB = new FxTaskExecutor(2);
        var contextA = ConsoleAssembly.context(a.app, executorA, Notifier.NONE, ConsoleAssembly.Hooks.of(a.app),
                operator(dir.resolve("a"), "Dana"));
        var contextB = ConsoleAssembly.context(b.app, executorB, Notifier.NONE, ConsoleAssembly.Hooks.of(b.app),
                operator(dir.resolve("b"), "Eve"));
        var stage = FxToolkit.registerPrimaryStage();
        FxToolkit.setupFixture(() -> {
            windowA = new ConsoleWindow(contextA);
            windowA.show(stage);
            windowB = new ConsoleWindow(contextB);
            windowB.show(new Stage());
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static FileConsoleSettings operator(Path home, String name) {
        var settings = new FileConsoleSettings(home);
        settings.setOperatorName(name);
        return settings;
    }

    @AfterEach
    void stop() throws Exception {
        FxToolkit.setupFixture(() -> {
            windowA.close();
            windowB.close();
            ((Stage) windowB.scene().getWindow()).close();
        });
        FxToolkit.cleanupStages();
        executorA.close();
        executorB.close();
        b.close();
        a.close();
    }

    @Test
    void anAlertRaisedThroughAShowsInBsConsoleAndClaimsAndPresenceShowInTheOther() throws Exception {
        TableView<QueueRow> reviewA = in(windowA, "#queue-human_review");
        TableView<QueueRow> reviewB = in(windowB, "#queue-human_review");
        assertThat(reviewB.getItems()).isEmpty();

        // a first alert warms both sides up (first queries, class loading, the alert model loading in A)
        assertThat(postTo(a, "team-ui-0", "+15550600100").statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(60)).until(() -> reviewB.getItems().size() == 1);
        await().atMost(Duration.ofSeconds(30)).until(() -> raisedInA.size() == 1);
        long first = raisedInA.keySet().iterator().next();

        awaitQuiet();
        assertThat(postTo(a, "team-ui-1", "+15550600101").statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> raisedInA.size() == 2);
        long conversation = raisedInA.keySet().stream().filter(id -> id != first).findFirst().orElseThrow();
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                .until(() -> reviewB.getItems().stream().anyMatch(r -> r.item().conversationId() == conversation));
        var shownInB = Instant.now();
        long alertToB = Duration.between(publishedInA.get(conversation), shownInB).toMillis();
        System.err.println("team console: alert committed in A -> row in B's Human review in " + alertToB + " ms "
                + "(in B's events after " + Duration.between(publishedInA.get(conversation),
                arrivedInB.get(conversation)).toMillis() + " ms)");
        assertThat(arrivedInB).as("the alert reached B as an event (LISTEN/NOTIFY), not by a poll")
                .containsKey(conversation);
        assertThat(alertToB).as("ms from the alert's commit in A to its row in B's Human review").isLessThan(1000);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> reviewA.getItems().stream().anyMatch(r -> r.item().conversationId() == conversation));

        open(windowB, conversation);
        Label claimB = in(windowB, "#conversation-claim");
        Label presenceB = in(windowB, "#conversation-presence");
        await().atMost(Duration.ofSeconds(10)).until(() -> claimB.getText().equals("Not claimed"));

        // Dana opens it on A: Eve sees her there
        long opened = System.nanoTime();
        open(windowA, conversation);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                .until(() -> presenceB.getText().contains("Dana is viewing"));
        System.err.println("team console: Dana's presence in Eve's view after "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - opened) + " ms");

        // Dana claims it on A: Eve's open view shows the claim; Dana releases it: Eve's shows it released
        Label claimA = in(windowA, "#conversation-claim");
        await().atMost(Duration.ofSeconds(10)).until(() -> claimA.getText().equals("Not claimed"));
        awaitQuiet();
        robot.interact(() -> this.<Button>in(windowA, "#assign-to-me").fire());
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                .until(() -> claimB.getText().equals("Claimed by Dana"));
        var claimShown = Instant.now();
        await().atMost(Duration.ofSeconds(10)).until(() -> claimedInA.containsKey(conversation));
        long claimToB = Duration.between(claimedInA.get(conversation), claimShown).toMillis();
        System.err.println("team console: Dana's claim committed in A -> shown in Eve's view in " + claimToB + " ms");
        assertThat(claimToB).as("ms from Dana's claim's commit in A to Eve's view").isLessThan(1000);
        await().atMost(Duration.ofSeconds(10)).until(() -> claimA.getText().equals("Claimed by Dana"));

        robot.interact(() -> this.<Button>in(windowA, "#release-claim").fire());
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                .until(() -> claimB.getText().equals("Not claimed"));
        assertThat(b.app.find.detail(conversation).audit()).extracting(e -> e.action() + ":" + e.actor())
                .contains("claim:Dana", "release:Dana");
    }

    /**
     * Waits until the warm-up has settled: both pipelines have nothing to process or being sent, and the JavaFX
     * thread, which both windows share, answers at once several times in a row (its first layout of new rows, CSS and
     * compiled code for them, is done). The timed change is then measured on its own, not behind the first one's work.
     */
    private void awaitQuiet() {
        await().atMost(Duration.ofSeconds(60)).until(() -> idle(a) && idle(b));
        var answeredAtOnce = new java.util.concurrent.atomic.AtomicInteger();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
            long asked = System.nanoTime();
            var answered = new java.util.concurrent.CountDownLatch(1);
            javafx.application.Platform.runLater(answered::countDown);
            boolean atOnce = answered.await(10, TimeUnit.SECONDS)
                    && System.nanoTime() - asked < TimeUnit.MILLISECONDS.toNanos(50);
            return (atOnce ? answeredAtOnce.incrementAndGet() : answeredAtOnce.getAndSet(0)) >= 10;
        });
    }

    private static boolean idle(TestParley parley) {
        return parley.app.transactions.inTransaction(s -> s.inbox().countByStatus()
                .getOrDefault(dev.parley.domain.message.InboxStatus.RECEIVED, 0L) == 0
                && s.outbox().countByStatus().getOrDefault(dev.parley.domain.message.OutboxStatus.SENDING, 0L) == 0);
    }

    /** Selects the conversation's row in the window's Human review queue and opens it (as Enter does). */
    private void open(ConsoleWindow window, long conversation) {
        robot.interact(() -> {
            var queue = window.model().queue(QueueKind.HUMAN_REVIEW);
            for (int i = 0; i < queue.rows().size(); i++) {
                if (queue.rows().get(i).item().conversationId() == conversation) queue.selectedIndex().set(i);
            }
            queue.openSelected();
        });
    }

    @SuppressWarnings("unchecked")
    private <T extends Node> T in(ConsoleWindow window, String query) {
        return (T) robot.from(window.scene().getRoot()).lookup(query).query();
    }

    private static java.net.http.HttpResponse<String> postTo(TestParley parley, String id, String from)
            throws Exception {
        return parley.http().postGeneric("wh-" + id, ParleyHttp.message(id, "sms", from, "I want to kill myself"),
                Clock.systemUTC());
    }
}
