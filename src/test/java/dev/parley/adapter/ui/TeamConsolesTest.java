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
 * clicked at screen coordinates. The latencies are printed, not asserted (the "within 1 s" is a figure recorded
 * in docs/team.md, measured by this test; a timed assertion would fail on a loaded machine, not on a slow design).
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

    @BeforeEach
    void start() throws Exception {
        var store = Map.of(ConfigKey.DB_URL, PostgresCluster.shared().newDatabase(), ConfigKey.DB_USER,
                PostgresCluster.SUPERUSER, ConfigKey.DB_PASSWORD, PostgresCluster.PASSWORD,
                ConfigKey.PLAYBOOK_INBOUND, "outreach");
        a = TestParley.start(dir.resolve("a"), Clock.systemUTC(), store, null);
        b = TestParley.start(dir.resolve("b"), Clock.systemUTC(), store, null);
        a.app.events.subscribe(events -> events.forEach(e -> {
            if (e instanceof PipelineEvent.AlertRaised alert) raisedInA.put(alert.conversationId(), System.nanoTime());
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

        assertThat(postTo(a, "team-ui-1", "+15550600101").statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> raisedInA.size() == 2);
        long conversation = raisedInA.keySet().stream().filter(id -> id != first).findFirst().orElseThrow();
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                .until(() -> reviewB.getItems().stream().anyMatch(r -> r.item().conversationId() == conversation));
        long alertToB = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - raisedInA.get(conversation));
        // measured, not asserted (docs/team.md records it against the 1 s): the wait above bounds a hang
        System.err.println("team console: alert raised in A -> row in B's Human review in " + alertToB + " ms");
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
        long claimed = System.nanoTime();
        robot.interact(() -> this.<Button>in(windowA, "#assign-to-me").fire());
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                .until(() -> claimB.getText().equals("Claimed by Dana"));
        System.err.println("team console: Dana's claim in Eve's view after "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - claimed) + " ms");
        await().atMost(Duration.ofSeconds(10)).until(() -> claimA.getText().equals("Claimed by Dana"));

        robot.interact(() -> this.<Button>in(windowA, "#release-claim").fire());
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                .until(() -> claimB.getText().equals("Not claimed"));
        assertThat(b.app.find.detail(conversation).audit()).extracting(e -> e.action() + ":" + e.actor())
                .contains("claim:Dana", "release:Dana");
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
