package dev.parley.application.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.application.ManualClock;
import dev.parley.application.PipelineEvents;
import dev.parley.application.playbook.NoopPlaybook;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.safety.ScreenOutbound;
import dev.parley.application.store.ProcessRegistration;
import dev.parley.application.store.Store;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.application.store.Transactions;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.domain.safety.ZoneLookup;
import dev.parley.testing.RecordingSender;
import dev.parley.testing.WiringSafety;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Team mode, issue 37: a process whose registration with the store is lost claims and sends nothing (the others may
 * take it for gone), an outcome that cannot be recorded while the store is down is held and recorded once it is back,
 * and a delivery whose row another process recovered meanwhile as interrupted is recorded SENT.
 */
class DeliverOutboxRegistrationTest {
    static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    final InMemoryTransactions store = new InMemoryTransactions();
    final RecordingSender sender = new RecordingSender();
    final List<Sender.OutgoingMessage> sent = sender.sent;
    /** Transactions still to fail as a store that cannot be reached does (set by a sender, for the recording). */
    final AtomicInteger unreachable = new AtomicInteger();
    final Transactions transactions = new Transactions() {
        @Override
        public <T> T inTransaction(Function<Store, T> work) {
            if (unreachable.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new StoreUnavailableException("database unavailable", new java.sql.SQLException("gone", "08006"));
            }
            var result = store.inTransaction(work);
            long id = loseAnswerToClaimOf.get();
            if (id >= 0 && store.inTransaction(s -> s.outbox().find(id)).orElseThrow().status() == OutboxStatus.SENDING
                    && loseAnswerToClaimOf.compareAndSet(id, -1)) {
                // committed, but the connection ended before the commit's answer came back
                throw new StoreUnavailableException("database unavailable", new java.sql.SQLException("gone", "57P01"));
            }
            return result;
        }
    };
    /** The row whose claim commits but whose caller is told the store went away (-1: none). */
    final java.util.concurrent.atomic.AtomicLong loseAnswerToClaimOf = new java.util.concurrent.atomic.AtomicLong(-1);

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void aProcessWithoutItsRegistrationClaimsNothing() {
        long row = enqueue();

        assertThat(deliverer(() -> false).deliver(row)).isFalse();

        assertThat(sent).isEmpty();
        assertThat(row(row).status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(row(row).attempts()).isZero();
    }

    @Test
    void aRowClaimedJustBeforeTheRegistrationWasLostIsNotSentAndWaitsAgain() {
        long row = enqueue();
        var calls = new AtomicInteger();

        assertThat(deliverer(() -> calls.getAndIncrement() == 0).deliver(row)).isTrue();

        assertThat(sent).as("nothing sent once the registration was lost").isEmpty();
        var after = row(row);
        assertThat(after.status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(after.reason()).isEqualTo(DeliverOutbox.UNREGISTERED);
        assertThat(after.nextAttemptAt()).isAfter(T0);
    }

    @Test
    void aClaimThatCommittedWithoutConfirmationIsWithdrawnNotLeftForRecoveryAsMaybeSent() {
        long row = enqueue();
        loseAnswerToClaimOf.set(row);
        var deliverer = deliverer(ProcessRegistration.SOLE);

        assertThat(deliverer.deliver(row)).isFalse();

        assertThat(sent).as("nothing sent for an unconfirmed claim").isEmpty();
        assertThat(row(row).status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(row(row).reason()).isEqualTo(DeliverOutbox.UNCONFIRMED_CLAIM);
        assertThat(deliverer.recoverInterrupted()).as("nothing left SENDING").isZero();
        assertThat(deliverer.deliver(row)).isTrue();
        assertThat(sent).hasSize(1);
        assertThat(row(row).status()).isEqualTo(OutboxStatus.SENT);
    }

    @Test
    void anOutcomeIsHeldWhileTheStoreCannotBeReachedAndRecordedWhenItIsBack() {
        long row = enqueue();
        sender.onSend(message -> unreachable.set(2)); // the store goes away while the request is out

        assertThat(deliverer(ProcessRegistration.SOLE).deliver(row)).isTrue();

        assertThat(sent).hasSize(1);
        assertThat(row(row).status()).isEqualTo(OutboxStatus.SENT);
        List<dev.parley.domain.message.Message> messages = store.inTransaction(s -> s.messages()
                .ofConversation(row(row).conversationId()));
        assertThat(messages).filteredOn(m -> m.direction() == Direction.OUT).hasSize(1);
    }

    @Test
    void aDeliveryWhoseRowWasRecoveredAsInterruptedMeanwhileIsRecordedSent() throws Exception {
        for (var recoveredAs : List.of(OutboxStatus.DELIVERY_UNKNOWN, OutboxStatus.PENDING)) {
            long row = enqueue("reply:" + recoveredAs);
            var onTheWire = new CountDownLatch(1);
            var answer = new CountDownLatch(1);
            sender.onSend(message -> {
                onTheWire.countDown();
                await(answer);
            });
            var delivering = CompletableFuture.supplyAsync(() -> deliverer(ProcessRegistration.SOLE).deliver(row));
            assertThat(onTheWire.await(10, TimeUnit.SECONDS)).isTrue();
            // another process took this one for gone and recovered the row (as DeliverOutbox.recoverInterrupted does)
            store.run(s -> {
                var current = s.outbox().find(row).orElseThrow();
                if (recoveredAs == OutboxStatus.PENDING) {
                    s.outbox().markRetry(row, current.attempts(), DeliverOutbox.INTERRUPTED, T0.plusSeconds(3600));
                } else {
                    s.outbox().mark(row, recoveredAs, DeliverOutbox.INTERRUPTED);
                }
            });
            answer.countDown();
            assertThat(delivering.get(10, TimeUnit.SECONDS)).isTrue();

            assertThat(row(row).status()).as(recoveredAs.name()).isEqualTo(OutboxStatus.SENT);
            List<dev.parley.domain.message.Message> messages = store.inTransaction(s -> s.messages()
                    .ofConversation(row(row).conversationId()));
            assertThat(messages).filteredOn(m -> m.direction() == Direction.OUT)
                    .extracting(dev.parley.domain.message.Message::providerId).contains("SM" + row);
        }
    }

    @Test
    void theOutcomeOfAnEarlierAttemptIsNotRecordedOverALaterOne() throws Exception {
        long row = enqueue();
        var onTheWire = new CountDownLatch(1);
        var answer = new CountDownLatch(1);
        var first = new AtomicBoolean(true);
        sender.onSend(message -> {
            if (!first.getAndSet(false)) return;
            onTheWire.countDown();
            await(answer);
        });
        var delivering = CompletableFuture.supplyAsync(() -> deliverer(ProcessRegistration.SOLE).deliver(row));
        assertThat(onTheWire.await(10, TimeUnit.SECONDS)).isTrue();
        // recovered for an idempotent channel and claimed again by another process, which is sending it now
        store.run(s -> s.outbox().markRetry(row, 1, DeliverOutbox.INTERRUPTED, T0));
        store.run(s -> s.outbox().claim(row, T0.plusSeconds(40)));
        answer.countDown();
        delivering.get(10, TimeUnit.SECONDS);

        assertThat(row(row).status()).as("left to the second attempt").isEqualTo(OutboxStatus.SENDING);
        assertThat(row(row).attempts()).isEqualTo(2);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private OutboxEntry row(long id) {
        return store.inTransaction(s -> s.outbox().find(id)).orElseThrow();
    }

    private long enqueue() {
        return enqueue("reply:1");
    }

    private long enqueue(String cause) {
        return store.inTransaction(s -> {
            var contact = s.contacts().findOrCreate("sms", "+15550199", null, T0);
            var conversation = s.conversations().findByKey("sms", "+15550199").orElseGet(() -> s.conversations()
                    .create("sms", "+15550199", NoopPlaybook.NAME, "Open", contact.id(), T0));
            return s.outbox().enqueue(conversation.id(), contact.id(), cause, "reply", "noted", null,
                    OutboxStatus.PENDING, null, false, "system", T0).orElseThrow().id();
        });
    }

    private DeliverOutbox deliverer(ProcessRegistration registration) {
        ZoneLookup utc = (address, channel) -> List.of(ZoneOffset.UTC); // 15:00 there: outside quiet hours
        var screen = new ScreenOutbound(() -> WiringSafety.validator(T0), utc, ZoneOffset.UTC);
        return new DeliverOutbox(transactions, Senders.only(sender), new Playbooks(List.of(new NoopPlaybook()),
                NoopPlaybook.NAME), new ManualClock(T0), new Random(1), PipelineEvents.NONE, screen, registration,
                ClaimJournal.NONE, LostClaims.none());
    }
}
