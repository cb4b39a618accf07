package dev.parley.adapter.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.ui.ConsoleFixture;
import dev.parley.adapter.ui.common.Notifier;
import dev.parley.application.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An unacknowledged critical alert is notified again, louder, after the configured time on the console's clock. */
class AlertRemindersTest {
    @TempDir Path home;
    final ManualClock clock = new ManualClock(Instant.parse("2026-03-02T09:00:00Z"));
    final List<String> urgent = new ArrayList<>();
    final List<String> attention = new ArrayList<>();
    ConsoleFixture fx;
    MainViewModel model;

    @BeforeEach
    void start() {
        fx = new ConsoleFixture(home, clock);
        var notifier = new Notifier() {
            @Override public void critical(String title, String text) { }
            @Override public void urgent(String title, String text) { urgent.add(text); }
            @Override public void attention(long critical, long review) { attention.add(critical + "/" + review); }
        };
        model = new MainViewModel(fx.context.queues(), fx.context.reveal(), fx.executor, notifier, fx.settings,
                fx.clock);
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void remindsOnceAfterTheConfiguredTimeUnlessAcknowledged() {
        var id = fx.startConversation("+15550401", "hi");
        var alert = fx.raiseCritical(id, "self_harm");
        var other = fx.startConversation("+15550402", "hi");
        fx.raiseCritical(other, "threats");
        model.refreshCounts();
        model.checkReminders();
        assertThat(urgent).isEmpty();
        assertThat(model.unacknowledgedCritical().get()).isEqualTo(2);
        assertThat(model.windowTitle().get()).isEqualTo("Parley — 2 critical unacknowledged · 2 in review");
        assertThat(attention).last().isEqualTo("2/2");

        clock.advance(Duration.ofMinutes(9).plusSeconds(59));
        model.checkReminders();
        assertThat(urgent).isEmpty();

        fx.context.alerts().acknowledge(other, fx.parley.app.find.detail(other).alerts().getFirst().id(), "Dana");
        clock.advance(Duration.ofSeconds(1));
        model.checkReminders();
        assertThat(urgent).singleElement().asString().contains("Conversation " + id).contains("self-harm".replace('-',
                '_')).contains("10 min ago").doesNotContain("+1555");
        assertThat(model.announcement().get()).startsWith("Reminder: critical alert still unacknowledged");
        assertThat(model.announcementUrgent().get()).isTrue();
        assertThat(model.unacknowledgedCritical().get()).isEqualTo(1);

        clock.advance(Duration.ofMinutes(30));
        model.checkReminders();
        assertThat(urgent).as("one reminder per alert").hasSize(1);
        assertThat(alert).isPositive();
    }

    @Test
    void theTimeIsASetting() {
        fx.settings.setRenotifyAfter(Duration.ofMinutes(2));
        var id = fx.startConversation("+15550403", "hi");
        fx.raiseCritical(id, "legal");
        clock.advance(Duration.ofMinutes(2));
        model.checkReminders();
        assertThat(urgent).hasSize(1);
    }
}
