package dev.parley.adapter.ui.queue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.ui.ConsoleFixture;
import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueKind;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueueViewModelTest {
    @TempDir Path home;
    ConsoleFixture fx;

    @BeforeEach
    void start() {
        fx = new ConsoleFixture(home);
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    QueueViewModel queue(QueueKind kind) {
        return new QueueViewModel(kind, fx.context.queues(), fx.context.reveal(), fx.executor, Clock.systemUTC(),
                () -> "Dana");
    }

    @Test
    void allConversationsNewestFirstWithJkAndEnter() {
        var first = fx.startConversation("+15550101", "hello one");
        var second = fx.startConversation("+15550102", "hello two");
        var model = queue(QueueKind.ALL);
        var opened = new AtomicLong();
        model.setOnOpen(row -> opened.set(row.item().conversationId()));
        model.refresh();
        assertThat(model.rows()).extracting(r -> r.item().conversationId()).containsExactlyInAnyOrder(first, second);
        assertThat(model.rows().get(0).item().since()).isAfterOrEqualTo(model.rows().get(1).item().since());
        model.selectNext();
        model.selectNext();
        assertThat(model.selected()).isSameAs(model.rows().get(1));
        model.selectPrevious();
        model.openSelected();
        assertThat(opened.get()).isEqualTo(model.rows().get(0).item().conversationId());
    }

    @Test
    void aLiveUpdateReadsTheChangedConversationsOnlyAndPutsTheirRowsInTheQueuesOrder() {
        var critical = fx.startConversation("+15550201", "one");
        var review = fx.startConversation("+15550202", "two");
        fx.raiseCritical(critical, "self-harm");
        long reviewAlert = fx.raiseReviewTier(review, "threat");
        var model = queue(QueueKind.HUMAN_REVIEW);
        model.refresh();
        assertThat(model.rows()).extracting(r -> r.item().conversationId()).containsExactly(critical, review);
        var untouched = model.rows().get(0);
        var reviewRow = model.rows().get(1);
        model.selectedIndex().set(1);

        var later = fx.startConversation("+15550203", "three");
        fx.raiseCritical(later, "weapons");
        model.refreshConversations(java.util.Set.of(later));

        assertThat(model.rows()).extracting(r -> r.item().conversationId()).as("critical first, longest waiting first")
                .containsExactly(critical, later, review);
        assertThat(model.rows().get(0)).as("a row of another conversation is not read again").isSameAs(untouched);
        assertThat(model.rows().get(2)).isSameAs(reviewRow);
        assertThat(model.selected()).as("the selection follows its row").isSameAs(reviewRow);

        fx.tx().run(s -> s.alerts().resolve(reviewAlert, "Dana", java.time.Instant.now(), "handled"));
        fx.tx().run(s -> s.conversations().setState(review, "Closed", java.time.Instant.now()));
        model.refreshConversations(java.util.Set.of(review));
        assertThat(model.rows()).extracting(r -> r.item().conversationId()).as("a conversation that left the queue")
                .containsExactly(critical, later);
        assertThat(model.rows().get(0)).isSameAs(untouched);
    }

    @Test
    void aRowThatMovesPastTheLastLoadedRowWaitsForTheNextPage() {
        var t0 = java.time.Instant.parse("2026-05-01T10:00:00Z");
        var ids = fx.tx().inTransaction(s -> {
            var out = new java.util.ArrayList<Long>();
            for (int i = 0; i <= FindQueues.PAGE_SIZE; i++) {
                var contact = s.contacts().findOrCreate("sms", "+1555030" + (1000 + i), null, t0);
                out.add(s.conversations().create("sms", "+1555030" + (1000 + i), "noop", "Start", contact.id(),
                        t0.plusSeconds(i)).id());
            }
            return out;
        });
        var model = queue(QueueKind.ALL);
        model.sort().set(dev.parley.application.console.QueueSort.OLDEST);
        assertThat(model.rows()).hasSize(FindQueues.PAGE_SIZE);
        assertThat(model.rows().getFirst().item().conversationId()).isEqualTo(ids.getFirst());

        fx.tx().run(s -> s.conversations().touch(ids.getFirst(), t0.plusSeconds(3600)));
        model.refreshConversations(java.util.Set.of(ids.getFirst()));
        assertThat(model.rows()).as("now the newest: on the page after the loaded one")
                .hasSize(FindQueues.PAGE_SIZE - 1).noneMatch(r -> r.item().conversationId() == ids.getFirst());

        model.loadMoreCommand().execute();
        assertThat(model.rows()).extracting(r -> r.item().conversationId()).endsWith(ids.getLast(), ids.getFirst());
    }

    @Test
    void textIsMaskedUntilRevealedAndTheRevealIsAudited() {
        var id = fx.startConversation("+15550177", "my number is 555 0177");
        var model = queue(QueueKind.ALL);
        model.refresh();
        var row = model.rows().getFirst();
        assertThat(row.contact().get()).doesNotContain("55501");
        model.selectedIndex().set(0);
        model.revealSelected();
        assertThat(row.revealed().get()).isTrue();
        assertThat(row.contact().get()).isEqualTo("+15550177");
        var audit = fx.tx().inTransaction(s -> s.audit().forTarget("conversation", id));
        assertThat(audit).anyMatch(a -> a.action().equals("reveal") && a.actor().equals("Dana"));
    }

    @Test
    void humanReviewHeldAndFailedQueuesWithCounts() {
        var id = fx.startConversation("+15550103", "hello");
        fx.raiseCritical(id, "self-harm");
        fx.failedInbox("+15550104", "lost");
        fx.tx().run(s -> s.outbox().enqueue(id, s.conversations().find(id).orElseThrow().contactId(), "c1", "p",
                "held text", dev.parley.domain.message.OutboxStatus.HELD, "automation paused", false, "system",
                java.time.Instant.now()));
        var review = queue(QueueKind.HUMAN_REVIEW);
        review.refresh();
        assertThat(review.rows()).singleElement().satisfies(r -> {
            assertThat(r.categories()).isEqualTo("self-harm");
            assertThat(r.item().status()).isEqualTo("CRITICAL");
        });
        var held = queue(QueueKind.HELD);
        held.refresh();
        assertThat(held.rows()).singleElement().satisfies(r -> assertThat(r.item().status())
                .isEqualTo("HELD: automation paused"));
        var failed = queue(QueueKind.FAILED);
        failed.refresh();
        assertThat(failed.rows()).singleElement().satisfies(r -> assertThat(r.item().conversationId()).isZero());
        var counts = fx.context.queues().counts();
        assertThat(counts).containsEntry(QueueKind.HUMAN_REVIEW, 1L).containsEntry(QueueKind.HELD, 1L)
                .containsEntry(QueueKind.FAILED, 1L).containsEntry(QueueKind.ALL, 1L)
                .containsEntry(QueueKind.ESCALATIONS, 0L);
    }

    @Test
    void aMessageTheSafetyValidatorSilencesWaitsUnderHeldUntilAnOperatorReleasesIt() {
        var id = fx.startConversation("+15550107", "hello");
        fx.inbound(id, "+15550107", "Can you do a wire transfer for me?");
        var held = queue(QueueKind.HELD);
        held.refresh();
        assertThat(held.rows()).singleElement().satisfies(r -> {
            assertThat(r.item().source()).isEqualTo(dev.parley.application.console.QueueItem.Source.MESSAGE);
            assertThat(r.item().status()).isEqualTo("SILENCED: inbound, safety silence");
            assertThat(r.item().conversationId()).isEqualTo(id);
        });
        assertThat(fx.context.queues().counts()).containsEntry(QueueKind.HELD, 1L);
        long messageId = held.rows().getFirst().item().id();
        assertThat(fx.context.safety().release().release(messageId, "Dana")).isTrue();
        held.refresh();
        assertThat(held.rows()).isEmpty();
        assertThat(fx.tx().inTransaction(s -> s.messages().find(messageId)).orElseThrow().status())
                .isEqualTo("RECEIVED");
        java.util.List<dev.parley.domain.conversation.AuditEntry> audit = fx.tx().inTransaction(s -> s.audit()
                .forTarget("message", messageId));
        assertThat(audit).anyMatch(a -> a.action().equals("release_message") && a.actor().equals("Dana"));
    }

    @Test
    void theFailedQueueHoldsUndeliveredOutboxRowsThatOperatorsMarkSentOrSendAgain() {
        var id = fx.startConversation("+15550105", "hello");
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).until(() -> fx.tx().inTransaction(
                s -> s.outbox().countByStatus().get(dev.parley.domain.message.OutboxStatus.SENT)) == 1L);
        fx.failedInbox("+15550106", "lost");
        long[] rows = new long[3];
        fx.tx().run(s -> {
            var contact = s.conversations().find(id).orElseThrow().contactId();
            for (int i = 0; i < 3; i++) {
                var row = s.outbox().enqueue(id, contact, "c" + i, "reply", "text " + i,
                        dev.parley.domain.message.OutboxStatus.PENDING, null, false, "system", java.time.Instant.now())
                        .orElseThrow();
                s.outbox().claim(row.id(), java.time.Instant.now().plusMillis(i));
                s.outbox().mark(row.id(), i == 2 ? dev.parley.domain.message.OutboxStatus.FAILED
                        : dev.parley.domain.message.OutboxStatus.DELIVERY_UNKNOWN, "no answer from twilio");
                rows[i] = row.id();
            }
        });
        var failed = queue(QueueKind.FAILED);
        failed.refresh();
        assertThat(failed.rows()).extracting(r -> r.item().source() + " " + r.item().status()).containsExactly(
                "OUTBOX FAILED: no answer from twilio", "OUTBOX DELIVERY_UNKNOWN: no answer from twilio",
                "OUTBOX DELIVERY_UNKNOWN: no answer from twilio", "INBOX unknown playbook");
        assertThat(fx.context.queues().counts()).containsEntry(QueueKind.FAILED, 4L);
        var firstPage = fx.context.queues().page(QueueKind.FAILED, null, null, 2);
        var secondPage = fx.context.queues().page(QueueKind.FAILED, null, firstPage.next(), 2);
        assertThat(secondPage.items()).extracting(i -> i.id() + " " + i.source())
                .containsExactly(rows[0] + " OUTBOX", failed.rows().get(3).item().id() + " INBOX");

        fx.context.undelivered().markSent(rows[1], "SMchecked", "Dana");
        fx.context.undelivered().sendAgain(rows[0], "Dana");
        failed.refresh();
        assertThat(failed.rows()).extracting(r -> r.item().source() + " " + r.item().id())
                .containsExactly("OUTBOX " + rows[2], "INBOX " + failed.rows().get(1).item().id());
        var detail = fx.context.conversations().detail(id);
        assertThat(detail.messages()).anySatisfy(m -> assertThat(m.providerId()).isEqualTo("SMchecked"));
        var audit = fx.tx().inTransaction(s -> s.audit().forTarget("outbox", rows[1]));
        assertThat(audit).anyMatch(a -> a.action().equals("outbox_mark_sent") && a.actor().equals("Dana"));
        java.util.List<dev.parley.domain.conversation.AuditEntry> again = fx.tx().inTransaction(
                s -> s.audit().forTarget("outbox", rows[0]));
        assertThat(again).anyMatch(a -> a.action().equals("outbox_send_again"));
    }

    @Test
    void pagesWithKeysetAndFilters() {
        for (int i = 0; i < 7; i++) fx.startConversation("+1555020" + i, "hi " + i);
        // sending touches conversations; page once the outbox has settled
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).until(() -> fx.tx().inTransaction(
                s -> s.outbox().countByStatus().get(dev.parley.domain.message.OutboxStatus.SENT)) == 7L);
        var queues = fx.context.queues();
        var first = queues.page(QueueKind.ALL, null, null, 3);
        var second = queues.page(QueueKind.ALL, null, first.next(), 3);
        var third = queues.page(QueueKind.ALL, null, second.next(), 3);
        assertThat(first.items()).hasSize(3);
        assertThat(second.items()).hasSize(3);
        assertThat(third.items()).hasSize(1);
        assertThat(third.next()).isNull();
        var model = queue(QueueKind.ALL);
        model.search().set("0204");
        model.refresh();
        assertThat(model.rows()).singleElement().satisfies(r -> assertThat(r.item().contact()).isEqualTo("+15550204"));
        model.search().set("");
        model.state().set("NoSuchState");
        model.refresh();
        assertThat(model.rows()).isEmpty();
        assertThat(model.emptyText()).contains("No conversations");
    }
}
