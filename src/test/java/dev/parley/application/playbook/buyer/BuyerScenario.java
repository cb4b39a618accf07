package dev.parley.application.playbook.buyer;

import dev.parley.adapter.playbooks.DemoCatalog;
import dev.parley.application.ManualClock;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.escalation.EscalationThread;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A real Parley (H2 file store, no background threads) with the demo catalogue, driven step by step on a manual
 * clock through buyer SMS on channel aircall.
 */
public final class BuyerScenario implements AutoCloseable {
    public final ManualClock clock = new ManualClock(Instant.parse("2025-02-24T14:00:00Z"));
    public final TestParley parley;
    private int ids;

    public BuyerScenario(Path home) {
        this(home, Map.of());
    }

    public BuyerScenario(Path home, Map<ConfigKey, String> settings) {
        parley = TestParley.open(home, clock, settings);
        parley.app.catalog.load(DemoCatalog.items());
    }

    /** A buyer's text arrives a minute later and is processed; what it queued is sent. */
    public void inbound(String from, String text) {
        clock.advance(Duration.ofMinutes(1));
        parley.app.receive.receive(new InboundMessage("aircall", "AC" + (++ids), from, from, "+12485550100", text, null,
                null, "buyer-sms", null), "{}");
        parley.app.worker.drain();
        settle();
    }

    public void advance(Duration duration) {
        var until = clock.instant().plus(duration);
        // fire what falls due at its own time, as a running Parley would
        while (true) {
            var next = parley.app.transactions.inTransaction(s -> s.jobs().nextDueAt());
            if (next.isEmpty() || next.get().isAfter(until)) break;
            if (next.get().isAfter(clock.instant())) clock.set(next.get());
            parley.app.runDueJobs.runDue(100);
            settle();
        }
        clock.set(until);
        settle();
    }

    public void settle() {
        parley.app.deliverOutbox.deliverDue(100);
    }

    public long conversation(String phone) {
        return parley.app.transactions.inTransaction(s -> s.conversations().findByKey("aircall", phone))
                .orElseThrow().id();
    }

    public String phase(String phone) {
        return parley.app.transactions.inTransaction(s -> s.conversations().find(conversation(phone))).orElseThrow()
                .state();
    }

    /** Texts that left for this buyer, in order. */
    public List<String> sent(String phone) {
        return outbox(phone).stream().filter(o -> o.status() == OutboxStatus.SENT).map(OutboxEntry::text).toList();
    }

    public List<OutboxEntry> outbox(String phone) {
        long id = conversation(phone);
        return parley.app.transactions.inTransaction(s -> s.outbox().ofConversation(id));
    }

    public String last(String phone) {
        var sent = sent(phone);
        return sent.isEmpty() ? null : sent.getLast();
    }

    public List<EscalationThread> escalations(String phone) {
        long id = conversation(phone);
        return parley.app.transactions.inTransaction(s -> s.escalations().ofConversation(id));
    }

    public List<EscalationThread> allEscalations() {
        return parley.app.transactions.inTransaction(s -> {
            var all = new java.util.ArrayList<>(s.escalations().pending(1000));
            all.addAll(s.escalations().closed(1000));
            return all;
        });
    }

    /** The team answers through the Reply Tool use case (as the page and the console do). */
    public void answer(EscalationThread thread, String text, boolean allProperties) {
        clock.advance(Duration.ofMinutes(1));
        parley.app.replyTool.answerById(thread.id(), text, "ops@example.com", allProperties, thread.replies());
        settle();
    }

    @Override
    public void close() {
        parley.close();
    }
}
