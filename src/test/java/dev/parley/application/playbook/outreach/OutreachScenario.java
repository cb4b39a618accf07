package dev.parley.application.playbook.outreach;

import dev.parley.application.ManualClock;
import dev.parley.application.operator.FindConversations;
import dev.parley.application.operator.StartConversation;
import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/** Drives a real Parley (H2 file, no background threads) step by step on a manual clock. */
final class OutreachScenario implements AutoCloseable {
    final ManualClock clock = new ManualClock(Instant.parse("2026-03-02T10:00:00Z"));
    final TestParley parley;
    private int ids;

    OutreachScenario(Path home) {
        parley = TestParley.open(home, clock, Map.of());
    }

    long start(String to, String text) {
        var started = parley.app.startConversation.start(
                new StartConversation.Command("outreach", "sms", to, text, "alice"));
        settle();
        return started.conversationId();
    }

    void inbound(String from, String text) {
        inboundWithoutSending(from, text);
        settle();
    }

    void inboundWithoutSending(String from, String text) {
        clock.advance(Duration.ofMinutes(1));
        parley.app.receive.receive(new InboundMessage("sms", "SM" + (++ids), from, from, "+15550000", text, null,
                null, null, null), "{}");
        parley.app.worker.drain();
    }

    void advance(Duration duration) {
        clock.advance(duration);
        parley.app.runDueJobs.runDue(100);
        settle();
    }

    void settle() {
        parley.app.deliverOutbox.deliverDue(100);
    }

    FindConversations.Detail detail(long id) {
        return parley.app.find.detail(id);
    }

    String state(long id) {
        return detail(id).conversation().state();
    }

    @Override
    public void close() {
        parley.close();
    }
}
