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

    public ConsoleFixture(Path home) {
        this.parley = TestParley.start(home);
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
                        .allMatch(o -> o.status() != dev.parley.domain.message.OutboxStatus.PENDING));
        return id;
    }

    public long raiseCritical(long conversationId, String... categories) {
        return tx().inTransaction(s -> {
            var c = s.conversations().find(conversationId).orElseThrow();
            return s.alerts().raise(conversationId, c.contactId(), null, "CRITICAL", List.of(categories),
                    List.of("p1"), "test", Instant.now());
        });
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
