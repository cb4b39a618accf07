package dev.parley.adapter.ui;

import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.adapter.ui.common.Notifier;
import dev.parley.adapter.ui.settings.FileConsoleSettings;
import dev.parley.application.operator.StartConversation;
import dev.parley.application.store.Transactions;
import dev.parley.bootstrap.launch.ConsoleAssembly;
import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** A real Parley plus a console context whose tasks run on the test thread: view-model tests without a toolkit. */
public final class ConsoleFixture implements AutoCloseable {
    public final TestParley parley;
    public final CurrentThreadTaskExecutor executor = new CurrentThreadTaskExecutor();
    public final FileConsoleSettings settings;
    public final ConsoleContext context;

    public final java.time.Clock clock;

    public ConsoleFixture(Path home) {
        this(home, java.time.Clock.systemUTC());
    }

    /** On {@code clock} (a ManualClock for virtual time). */
    public ConsoleFixture(Path home, java.time.Clock clock) {
        this(home, clock, java.util.Map.of());
    }

    /** With extra configuration ({@code settings}). */
    public ConsoleFixture(Path home, java.time.Clock clock,
                          java.util.Map<dev.parley.bootstrap.ConfigKey, String> configuration) {
        this.clock = clock;
        this.parley = TestParley.start(home, clock, configuration, null);
        this.settings = new FileConsoleSettings(home);
        settings.setOperatorName("Dana");
        this.context = ConsoleAssembly.context(parley.app, executor, Notifier.NONE, ConsoleAssembly.Hooks.of(parley.app),
                settings);
    }

    public Transactions tx() {
        return parley.app.database.transactions();
    }

    /** Starts a conversation and waits until its first message is sent, so a test's actions never race it. */
    public long startConversation(String to, String text) {
        long id = parley.app.startConversation.start(new StartConversation.Command(null, "sms", to, text, "Dana"))
                .conversationId();
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10))
                .until(() -> parley.app.find.detail(id).outbox().stream()
                        .allMatch(o -> o.status() != dev.parley.domain.message.OutboxStatus.PENDING
                                && o.status() != dev.parley.domain.message.OutboxStatus.SENDING));
        return id;
    }

    /** Starts an outreach conversation with {@code to} and waits until it is in AwaitingReply. */
    public long startOutreach(String to) {
        long id = parley.app.startConversation.start(new StartConversation.Command("outreach", "sms", to,
                "Hello, we may be related through a DNA match!", "Dana")).conversationId();
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10))
                .until(() -> parley.app.find.detail(id).conversation().state().equals("AwaitingReply"));
        return id;
    }

    /** A message from {@code from} through the real pipeline; waits until the conversation has processed it. */
    public void inbound(long conversationId, String from, String text) {
        inbound(conversationId, from, text, null);
    }

    /** As above, from a sender whose name the channel gives ({@code senderName}, may be null). */
    public void inbound(long conversationId, String from, String text, String senderName) {
        java.util.function.LongSupplier inbound = () -> parley.app.find.detail(conversationId).messages().stream()
                .filter(m -> m.direction() == dev.parley.domain.message.Direction.IN).count();
        long before = inbound.getAsLong();
        parley.app.receive.receive(new InboundMessage("sms", "IN-" + java.util.UUID.randomUUID(), from, from, null,
                text, null, Instant.now(), "outreach", senderName), null);
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).until(() -> inbound.getAsLong()
                > before && parley.inboxCounts().getOrDefault(dev.parley.domain.message.InboxStatus.RECEIVED, 0L)
                == 0);
    }

    /**
     * A review-tier alert as a detector's review tier raises it (issue 14): WARNING, automation paused, contact not
     * blocked, conversation in HumanReview.
     */
    /** A review-tier alert written straight to the store, with the events the pipeline would publish for it. */
    public long raiseReviewTier(long conversationId, String... categories) {
        long alert = tx().inTransaction(s -> {
            var c = s.conversations().find(conversationId).orElseThrow();
            s.conversations().setAutomation(conversationId, true, null, Instant.now());
            s.conversations().setState(conversationId, "HumanReview", Instant.now());
            return s.alerts().raise(conversationId, c.contactId(), null, "WARNING", List.of(categories),
                    List.of("model:" + categories[0]), "model", Instant.now());
        });
        published(conversationId, alert, "WARNING", categories);
        return alert;
    }

    /** A critical alert written straight to the store, with the event the pipeline would publish for it. */
    public long raiseCritical(long conversationId, String... categories) {
        long alert = tx().inTransaction(s -> {
            var c = s.conversations().find(conversationId).orElseThrow();
            return s.alerts().raise(conversationId, c.contactId(), null, "CRITICAL", List.of(categories),
                    List.of("p1"), "test", clock.instant());
        });
        published(conversationId, alert, "CRITICAL", categories);
        return alert;
    }

    /** The console follows the store through events (it reads only the conversations they name). */
    private void published(long conversationId, long alertId, String severity, String... categories) {
        parley.app.events.publish(List.of(new dev.parley.application.PipelineEvent.AlertRaised(conversationId,
                alertId, severity, List.of(categories))));
    }

    public long failedInbox(String from, String text) {
        return tx().inTransaction(s -> {
            var receipt = s.inbox().insertIfAbsent(new InboundMessage("sms", "F-" + from, from, from, null, text,
                    null, Instant.now(), "missing-playbook", null), null, Instant.now());
            s.inbox().markFailed(receipt.id(), 5, "unknown playbook", Instant.now());
            return receipt.id();
        });
    }

    @Override
    public void close() {
        parley.close();
    }
}
