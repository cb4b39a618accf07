package dev.parley.adapter.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.ui.ConsoleFixture;
import dev.parley.adapter.ui.common.Notifier;
import dev.parley.application.PipelineEvent;
import dev.parley.domain.alert.AlertSeverity;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainViewModelTest {
    @TempDir Path home;
    ConsoleFixture fx;
    final List<String> notifications = new ArrayList<>();
    MainViewModel model;

    @BeforeEach
    void start() {
        fx = new ConsoleFixture(home);
        Notifier notifier = (title, text) -> notifications.add(title + ": " + text);
        model = new MainViewModel(fx.context.queues(), fx.context.reveal(), fx.executor, notifier, fx.settings,
                Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    long count(Section section) {
        return model.navigation().stream().filter(n -> n.section() == section).findFirst().orElseThrow().count().get();
    }

    @Test
    void aBatchOfEventsRefreshesCountsAndAnnouncesEachCriticalAlert() {
        model.refreshCounts();
        assertThat(count(Section.HUMAN_REVIEW)).isZero();
        var id = fx.startConversation("+15550120", "hi");
        var alert = fx.raiseCritical(id, "self-harm");
        model.onEvents(List.of(new PipelineEvent.MessageReceived(id, 1),
                new PipelineEvent.AlertRaised(id, alert, AlertSeverity.CRITICAL, List.of("self-harm")),
                new PipelineEvent.AlertRaised(id, alert + 1, AlertSeverity.HIGH_VALUE, List.of("lead"))));
        assertThat(notifications).singleElement().asString().contains("self-harm").doesNotContain("+1555");
        assertThat(count(Section.HUMAN_REVIEW)).isEqualTo(1);
        assertThat(count(Section.ALL)).isEqualTo(1);
        assertThat(count(Section.DASHBOARD)).isEqualTo(-1);
        assertThat(model.queue(dev.parley.application.console.QueueKind.HUMAN_REVIEW).rows()).hasSize(1);
    }

    @Test
    void theStatusBarShowsTheTeamStoresLinkAndALostLinkReadsEverythingAgain() {
        var link = new java.util.concurrent.atomic.AtomicReference<>(dev.parley.application.console.StoreLink.SOLE);
        model.setStoreLink(link::get);
        assertThat(model.teamStatus().get()).as("a store of one's own").isEmpty();
        link.set(new dev.parley.application.console.StoreLink(true, true, true));
        model.refreshTeamStatus();
        assertThat(model.teamStatus().get()).isEqualTo("Team store: live");
        assertThat(model.teamDegraded().get()).isFalse();

        var queue = model.queue(dev.parley.application.console.QueueKind.ALL);
        model.section().set(Section.ALL);
        queue.refresh();
        var id = fx.startConversation("+15550130", "hi");
        link.set(new dev.parley.application.console.StoreLink(true, false, true));
        model.onEvents(List.of(new PipelineEvent.StoreChanged())); // what the bridge sends while it polls
        assertThat(model.teamStatus().get()).isEqualTo("Team store: live updates lost, refreshing every few seconds");
        assertThat(model.teamDegraded().get()).isTrue();
        assertThat(queue.rows()).extracting(r -> r.item().conversationId()).as("read again by the poll")
                .containsExactly(id);
        assertThat(count(Section.ALL)).isEqualTo(1);

        link.set(new dev.parley.application.console.StoreLink(true, true, false));
        model.refreshTeamStatus();
        assertThat(model.teamStatus().get()).isEqualTo("Team store: connection lost, sending paused until it is back");
    }

    @Test
    void operatorNameIsAskedOnceAndStored() {
        fx.settings.setOperatorName("");
        var fresh = new MainViewModel(fx.context.queues(), fx.context.reveal(), fx.executor, Notifier.NONE,
                fx.settings, Clock.systemUTC());
        assertThat(fresh.needsOperatorName()).isTrue();
        fresh.setOperatorName(" Lee ");
        assertThat(fresh.needsOperatorName()).isFalse();
        assertThat(fx.settings.operatorName()).isEqualTo("Lee");
    }

    @Test
    void theStatusBarSaysWhichModelAnswersAndWhenItFailsOver() {
        var health = new java.util.concurrent.atomic.AtomicReference<>(new dev.parley.application.model.ModelHealth(
                "openai", "llama3.1:8b", dev.parley.application.model.ModelHealth.State.CLOSED,
                java.time.Instant.EPOCH, null));
        model.setModelHealth(health::get);
        assertThat(model.modelStatus().get()).isEqualTo("Model: openai llama3.1:8b");
        assertThat(model.modelFailing().get()).isFalse();
        health.set(new dev.parley.application.model.ModelHealth("openai", "llama3.1:8b",
                dev.parley.application.model.ModelHealth.State.OPEN, java.time.Instant.parse("2026-05-04T09:00:00Z"),
                "timeout"));
        model.onEvents(List.of(new PipelineEvent.MessageReceived(1, 1)));
        assertThat(model.modelStatus().get()).isEqualTo("Model: openai llama3.1:8b failing, answering with the "
                + "offline model since 2026-05-04T09:00:00Z (timeout)");
        assertThat(model.modelFailing().get()).isTrue();
    }
}
