package dev.parley.adapter.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.store.StoreContractTest;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.application.store.Transactions;
import dev.parley.application.store.ConcurrentUpdateException;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.embedding.Embedding;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The store contract on the in-memory store, plus what only it promises (joined nested work, closing). */
class InMemoryStoreContractTest extends StoreContractTest {
    private InMemoryTransactions memory;

    @Override
    protected AutoCloseable open(Consumer<Transactions> store) {
        memory = new InMemoryTransactions();
        store.accept(memory);
        return memory;
    }

    @Test
    void nestedWorkJoinsTheOuterTransaction() {
        assertThatThrownBy(() -> tx.run(outer -> {
            outer.contacts().findOrCreate("sms", "+1", null, T0);
            tx.run(inner -> assertThat(inner.contacts().find(1)).isPresent());
            tx.run(inner -> inner.contacts().findOrCreate("sms", "+2", null, T0));
            throw new IllegalStateException("boom");
        })).isInstanceOf(IllegalStateException.class);
        // The outer failure undid the nested work too.
        assertThat(tx.inTransaction((dev.parley.application.store.Store s) -> s.contacts().find(2))).isEmpty();
    }

    @Test
    void nestedWorkThatThrowsUndoesOnlyItsOwnWrites() {
        tx.run(outer -> {
            outer.contacts().findOrCreate("sms", "+1", null, T0);
            try {
                tx.run(inner -> {
                    inner.contacts().findOrCreate("sms", "+2", null, T0);
                    throw new IllegalStateException("inner");
                });
            } catch (IllegalStateException expected) {
                // the outer work goes on
            }
        });
        assertThat(tx.inTransaction((dev.parley.application.store.Store s) -> s.contacts().find(1))).isPresent();
        assertThat(tx.inTransaction((dev.parley.application.store.Store s) -> s.contacts().find(2))).isEmpty();
    }

    /** The stores of the demo's shards: each issues every n-th id only, and finds its rows by them. */
    @Test
    void aShardsStoreIssuesItsOwnResidueOfIds() {
        var second = InMemoryTransactions.shard(1, 2);
        var ids = second.inTransaction(s -> {
            var a = s.contacts().findOrCreate("sms", "+1", null, T0);
            var b = s.contacts().findOrCreate("sms", "+2", null, T0);
            var c = s.conversations().create("sms", "+2", "outreach", "Start", b.id(), T0);
            return java.util.List.of(a.id(), b.id(), c.id());
        });
        assertThat(ids).containsExactly(2L, 4L, 2L);
        second.run(s -> {
            assertThat(s.contacts().find(4)).map(c -> c.address()).contains("+2");
            assertThat(s.contacts().find(1)).isEmpty();
            assertThat(s.contacts().find(3)).isEmpty();
            assertThat(s.conversations().find(2)).map(c -> c.contactId()).contains(4L);
            assertThat(s.conversations().count()).isEqualTo(1);
        });
    }

    /** What the demo does with a conversation it has copied to H2: its rows go, the other conversations' stay. */
    @Test
    void aForgottenConversationLeavesNoRowsAndRefusesLaterWrites() {
        long[] ids = memory.inTransaction(s -> {
            long[] made = new long[4];
            for (int i = 0; i < 2; i++) {
                var key = "+" + (i + 1);
                long contact = s.contacts().findOrCreate("sms", key, null, T0).id();
                long conv = s.conversations().create("sms", key, "outreach", "Start", contact, T0).id();
                long message = s.messages().add(conv, Direction.IN, "P" + i, "hello", null, T0, T0, "RECEIVED", null);
                s.timeline().append(conv, "transition", "Start", "Other", "go", null, "system", T0);
                s.outbox().enqueue(conv, contact, "c" + i, "reply", "hi", OutboxStatus.PENDING, null, false, "system",
                        T0);
                s.alerts().raise(conv, contact, message, AlertSeverity.CRITICAL, List.of("legal"), List.of("p"),
                        "rules", T0);
                s.jobs().schedule(ScheduledJob.TIMER, conv, "timeout", "Start", T0.plusSeconds(60), T0);
                s.tasks().add(conv, message, "t", "todo", T0);
                s.embeddings().put(message, new Embedding("m", new float[] {1f}));
                s.audit().record("op", "reply", "conversation", conv, "{}", T0);
                long processed = s.inbox().insertIfAbsent(inbound("P" + i, key), "{}", T0).id();
                s.inbox().markProcessed(processed, T0);
                long failed = s.inbox().insertIfAbsent(inbound("F" + i, key), "{}", T0).id();
                s.inbox().markFailed(failed, 3, "no playbook", T0);
                made[i] = conv;
                made[2 + i] = message;
            }
            return made;
        });

        memory.forgetConversation(ids[0]);

        memory.run(s -> {
            assertThat(s.conversations().find(ids[0])).isEmpty();
            assertThat(s.messages().ofConversation(ids[0])).isEmpty();
            assertThat(s.timeline().ofConversation(ids[0])).isEmpty();
            assertThat(s.outbox().ofConversation(ids[0])).isEmpty();
            assertThat(s.alerts().ofConversation(ids[0])).isEmpty();
            assertThat(s.jobs().pendingOf(ids[0])).isEmpty();
            assertThat(s.tasks().ofConversation(ids[0])).isEmpty();
            assertThat(s.audit().forTarget("conversation", ids[0])).isEmpty();
            assertThat(s.embeddings().ofMessage(ids[2], "m")).isEmpty();
            // the other conversation is whole; failed inbox rows (of no conversation) stay
            assertThat(s.conversations().count()).isEqualTo(1);
            assertThat(s.messages().ofConversation(ids[1])).hasSize(1);
            assertThat(s.timeline().ofConversation(ids[1])).hasSize(1);
            assertThat(s.outbox().ofConversation(ids[1])).hasSize(1);
            assertThat(s.alerts().ofConversation(ids[1])).hasSize(1);
            assertThat(s.jobs().pendingOf(ids[1])).hasSize(1);
            assertThat(s.tasks().ofConversation(ids[1])).hasSize(1);
            assertThat(s.audit().forTarget("conversation", ids[1])).hasSize(1);
            assertThat(s.embeddings().ofMessage(ids[3], "m")).isPresent();
            assertThat(s.inbox().byStatus(InboxStatus.PROCESSED, 10)).extracting(e -> e.message().providerId())
                    .containsExactly("P1");
            assertThat(s.inbox().byStatus(InboxStatus.FAILED, 10)).hasSize(2);
        });
        assertThatThrownBy(() -> memory.run(s -> s.timeline().append(ids[0], "transition", "Other", "Start", "go",
                null, "system", T0))).isInstanceOf(ConcurrentUpdateException.class);
    }

    private static InboundMessage inbound(String providerId, String key) {
        return new InboundMessage("sms", providerId, key, key, "+1999", "text " + providerId, null, T0, null, null);
    }

    @Test
    void aStoreKeptPastItsTransactionRefusesWork() {
        var leaked = tx.inTransaction((dev.parley.application.store.Store s) -> s);
        assertThatThrownBy(() -> leaked.contacts().find(1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aClosedStoreIsUnavailable() {
        memory.close();
        assertThatThrownBy(() -> tx.inTransaction((dev.parley.application.store.Store s) -> s.conversations().count()))
                .isInstanceOf(StoreUnavailableException.class);
    }
}
