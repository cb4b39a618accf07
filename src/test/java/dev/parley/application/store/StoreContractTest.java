package dev.parley.application.store;

import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.message.ChatRow;
import dev.parley.domain.message.ChatMeta;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of the store port must do, observed only through the port. Run against the Hibernate
 * store and the in-memory store (one subclass each), it keeps the two equal.
 */
public abstract class StoreContractTest {
    protected static final Instant T0 = Instant.parse("2026-01-01T09:00:00Z");

    protected Transactions tx;
    private AutoCloseable closeStore;

    /** Opens an empty store; the returned hook closes it. */
    protected abstract AutoCloseable open(java.util.function.Consumer<Transactions> store) throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        closeStore = open(t -> tx = t);
    }

    @AfterEach
    void closeStore() throws Exception {
        closeStore.close();
    }

    private <T> T in(Function<Store, T> work) {
        return tx.inTransaction(work);
    }

    private static Instant at(int minutes) {
        return T0.plus(Duration.ofMinutes(minutes));
    }

    private long contact(String address) {
        return in((Store s) -> s.contacts().findOrCreate("sms", address, null, T0)).id();
    }

    private long conversation(String key) {
        long contactId = contact(key);
        return in((Store s) -> s.conversations().create("sms", key, "noop", "Start", contactId, T0)).id();
    }

    private static InboundMessage inbound(String providerId, String key) {
        return new InboundMessage("sms", providerId, key, key, "+1999", "text " + providerId, null, T0, null, null);
    }

    // --- transactions ---

    @Test
    void idsArePerTableSequencesFromOne() {
        assertThat(contact("+1")).isEqualTo(1);
        assertThat(contact("+2")).isEqualTo(2);
        long conv = in((Store s) -> s.conversations().create("sms", "+1", "noop", "Start", 1, T0)).id();
        assertThat(conv).isEqualTo(1);
        assertThat(in((Store s) -> s.messages().add(conv, Direction.IN, null, "a", null, null, T0, "RECEIVED", null)))
                .isEqualTo(1);
        assertThat(in((Store s) -> s.tasks().add(conv, null, "t", "todo", T0))).isEqualTo(1);
    }

    @Test
    void workThatThrowsLeavesNoTrace() {
        long conv = conversation("+1");
        var before = snapshot(conv);
        assertThatThrownBy(() -> tx.run(s -> {
            s.contacts().findOrCreate("sms", "+2", "Two", at(1));
            s.contacts().setStatus(1, ContactStatus.BLOCKED, at(1), "r", "op");
            s.conversations().setState(conv, "Other", at(1));
            s.conversations().create("sms", "+2", "noop", "Start", 1, at(1));
            s.messages().add(conv, Direction.OUT, "p", "x", null, at(1), null, "SENT", "op");
            s.timeline().append(conv, "transition", "Start", "Other", "go", null, "system", at(1));
            s.inbox().insertIfAbsent(inbound("P1", "+1"), "{}", at(1));
            s.outbox().enqueue(conv, 1, "c", "reply", "hi", OutboxStatus.PENDING, null, false, "system", at(1));
            s.alerts().raise(conv, 1, null, AlertSeverity.CRITICAL, List.of("legal"), List.of("p"), "rules", at(1));
            s.jobs().schedule(ScheduledJob.TIMER, conv, "timeout", "Start", at(5), at(1));
            s.audit().record("op", "reply", "conversation", conv, "{}", at(1));
            s.tasks().add(conv, null, "t", "todo", at(1));
            throw new IllegalStateException("boom");
        })).isInstanceOf(IllegalStateException.class).hasMessage("boom");
        assertThat(snapshot(conv)).isEqualTo(before);
        // The unique keys the failed work took are free again.
        assertThat(in((Store s) -> s.inbox().insertIfAbsent(inbound("P1", "+1"), "{}", at(2))).duplicate()).isFalse();
        assertThat(in((Store s) -> s.outbox().enqueue(conv, 1, "c", "reply", "hi", OutboxStatus.PENDING, null, false,
                "system", at(2)))).isPresent();
        assertThat(in((Store s) -> s.conversations().findByKey("sms", "+2"))).isEmpty();
    }

    @Test
    void failedWorkDoesNotGiveBackIds() {
        contact("+1");
        assertThatThrownBy(() -> tx.run(s -> {
            s.contacts().findOrCreate("sms", "+2", null, T0);
            throw new IllegalStateException("boom");
        })).isInstanceOf(IllegalStateException.class);
        // Like a database identity, the sequence moved on.
        assertThat(contact("+3")).isEqualTo(3);
    }

    @Test
    void updatesAreUndoneToo() {
        long conv = conversation("+1");
        long job = in((Store s) -> s.jobs().schedule(ScheduledJob.TIMER, conv, "timeout", "Start", at(10), T0));
        tx.run(s -> s.outbox().enqueue(conv, 1, "c", "reply", "hi", OutboxStatus.PENDING, null, false, "system", T0));
        assertThatThrownBy(() -> tx.run(s -> {
            s.jobs().markRetry(job, 1, "e", at(1));
            s.outbox().markSent(1, "SM1", at(1));
            s.conversations().touch(conv, at(3));
            throw new IllegalStateException("boom");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(in((Store s) -> s.jobs().nextDueAt())).contains(at(10));
        assertThat(in((Store s) -> s.outbox().nextDueAt())).contains(T0);
        assertThat(in((Store s) -> s.outbox().find(1)).orElseThrow().status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(in((Store s) -> s.conversations().find(conv)).orElseThrow().updatedAt()).isEqualTo(T0);
    }

    private Map<String, Object> snapshot(long conv) {
        return in((Store s) -> Map.ofEntries(
                Map.entry("contacts", List.of(s.contacts().find(1), s.contacts().find(2))),
                Map.entry("conversation", s.conversations().find(conv)),
                Map.entry("conversations", s.conversations().count()),
                Map.entry("messages", s.messages().ofConversation(conv)),
                Map.entry("timeline", s.timeline().ofConversation(conv)),
                Map.entry("inbox", s.inbox().countByStatus()),
                Map.entry("heads", s.inbox().laneHeads(10)),
                Map.entry("outbox", s.outbox().ofConversation(conv)),
                Map.entry("outboxDue", s.outbox().nextDueAt()),
                Map.entry("alerts", s.alerts().open(10)),
                Map.entry("jobs", s.jobs().pendingOf(conv)),
                Map.entry("jobsDue", s.jobs().nextDueAt()),
                Map.entry("audit", s.audit().forTarget("conversation", conv)),
                Map.entry("tasks", s.tasks().ofConversation(conv))));
    }

    @Test
    void aDuplicateUniqueKeyIsAConcurrentUpdateAndRollsBack() {
        long contactId = contact("+1");
        tx.run(s -> s.conversations().create("sms", "+1", "noop", "Start", contactId, T0));
        assertThatThrownBy(() -> tx.run(s -> {
            s.contacts().findOrCreate("sms", "+9", null, T0);
            s.conversations().create("sms", "+1", "other", "Start", contactId, T0);
        })).isInstanceOf(ConcurrentUpdateException.class);
        assertThat(in((Store s) -> s.conversations().count())).isEqualTo(1);
        assertThat(in((Store s) -> s.contacts().find(contactId + 1))).isEmpty();
        // Another channel is another key.
        assertThat(in((Store s) -> s.conversations().create("whatsapp", "+1", "noop", "Start", contactId, T0)).id())
                .isEqualTo(3);
    }

    @Test
    void aReferenceToAMissingRowIsRefused() {
        assertThatThrownBy(() -> tx.run(s -> s.conversations().create("sms", "+1", "noop", "Start", 42, T0)))
                .isInstanceOf(ConcurrentUpdateException.class);
        long conv = conversation("+1");
        assertThatThrownBy(() -> tx.run(s -> s.tasks().add(conv, 99L, "t", "todo", T0)))
                .isInstanceOf(ConcurrentUpdateException.class);
        assertThatThrownBy(() -> tx.run(s -> s.messages().add(77, Direction.IN, null, "x", null, null, T0, "R",
                null))).isInstanceOf(ConcurrentUpdateException.class);
    }

    @Test
    void updatingAMissingRowFails() {
        assertThatThrownBy(() -> tx.run(s -> s.conversations().setState(5, "X", T0)))
                .isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> tx.run(s -> s.contacts().lock(5)))
                .isInstanceOf(java.util.NoSuchElementException.class);
    }

    @Test
    void timesKeepMicroseconds() {
        var precise = Instant.parse("2026-01-01T09:00:00.123456Z");
        long id = in((Store s) -> s.contacts().findOrCreate("sms", "+1", null, precise)).id();
        assertThat(in((Store s) -> s.contacts().find(id)).orElseThrow().statusSince()).isEqualTo(precise);
        // Finer than that is rounded to the nearest microsecond.
        tx.run(s -> s.contacts().setStatus(id, ContactStatus.ACTIVE, Instant.parse("2026-01-01T09:00:00.0000015Z"),
                null, null));
        assertThat(in((Store s) -> s.contacts().find(id)).orElseThrow().statusSince())
                .isEqualTo(Instant.parse("2026-01-01T09:00:00.000002Z"));
        tx.run(s -> s.contacts().setStatus(id, ContactStatus.ACTIVE, Instant.parse("2026-01-01T09:00:00.0000014Z"),
                null, null));
        assertThat(in((Store s) -> s.contacts().find(id)).orElseThrow().statusSince())
                .isEqualTo(Instant.parse("2026-01-01T09:00:00.000001Z"));
    }

    // --- contacts ---

    @Test
    void contactsAreUniquePerChannelAndAddress() {
        var first = in((Store s) -> s.contacts().findOrCreate("sms", "+1", null, T0));
        assertThat(first.status()).isEqualTo(ContactStatus.ACTIVE);
        assertThat(first.statusSince()).isEqualTo(T0);
        assertThat(first.displayName()).isNull();
        var again = in((Store s) -> s.contacts().findOrCreate("sms", "+1", "Ann", at(1)));
        assertThat(again.id()).isEqualTo(first.id());
        assertThat(again.displayName()).isEqualTo("Ann");
        assertThat(in((Store s) -> s.contacts().findOrCreate("sms", "+1", "Bob", at(2))).displayName()).isEqualTo("Ann");
        assertThat(in((Store s) -> s.contacts().findOrCreate("whatsapp", "+1", null, T0)).id()).isNotEqualTo(first.id());
        assertThat(in((Store s) -> s.contacts().find(first.id()))).contains(again);
        assertThat(in((Store s) -> s.contacts().find(99))).isEmpty();
        assertThat(in((Store s) -> s.contacts().lock(first.id()))).isEqualTo(again);
    }

    @Test
    void contactStatus() {
        long id = contact("+1");
        tx.run(s -> s.contacts().setStatus(id, ContactStatus.OPTED_OUT, at(3), "STOP", "system"));
        var c = in((Store s) -> s.contacts().find(id)).orElseThrow();
        assertThat(List.of(c.status(), c.statusSince(), c.statusReason(), c.statusBy()))
                .containsExactly(ContactStatus.OPTED_OUT, at(3), "STOP", "system");
    }

    @Test
    void contactTimeZoneIsKeptAndCleared() {
        long id = contact("+1");
        assertThat(in((Store s) -> s.contacts().find(id)).orElseThrow().zone()).isEmpty();
        tx.run(s -> s.contacts().setTimeZone(id, java.time.ZoneId.of("Asia/Tokyo")));
        var c = in((Store s) -> s.contacts().find(id)).orElseThrow();
        assertThat(c.timeZone()).isEqualTo(java.time.ZoneId.of("Asia/Tokyo"));
        tx.run(s -> s.contacts().setStatus(id, ContactStatus.BLOCKED, at(3), "r", "op"));
        assertThat(in((Store s) -> s.contacts().find(id)).orElseThrow().zone()).as("kept across a status change")
                .contains(java.time.ZoneId.of("Asia/Tokyo"));
        tx.run(s -> s.contacts().setTimeZone(id, null));
        assertThat(in((Store s) -> s.contacts().find(id)).orElseThrow().zone()).isEmpty();
    }

    // --- conversations ---

    @Test
    void conversationLifecycle() {
        long contactId = contact("+1");
        var created = in((Store s) -> s.conversations().create("sms", "+1", "noop", "Start", contactId, T0));
        assertThat(created.automationPaused()).isFalse();
        assertThat(created.criticalAlertTags()).isNull();
        assertThat(created.createdAt()).isEqualTo(T0);
        assertThat(created.updatedAt()).isEqualTo(T0);
        assertThat(in((Store s) -> s.conversations().find(created.id()))).contains(created);
        assertThat(in((Store s) -> s.conversations().findByKey("sms", "+1"))).contains(created);
        assertThat(in((Store s) -> s.conversations().findByKey("sms", "+2"))).isEmpty();
        assertThat(in((Store s) -> s.conversations().find(9))).isEmpty();

        tx.run(s -> s.conversations().setState(created.id(), "Waiting", at(1)));
        var waiting = in((Store s) -> s.conversations().find(created.id())).orElseThrow();
        assertThat(waiting.state()).isEqualTo("Waiting");
        assertThat(waiting.updatedAt()).isEqualTo(at(1));
        assertThat(waiting.createdAt()).isEqualTo(T0);

        tx.run(s -> s.conversations().setAutomation(created.id(), true, "[\"legal\"]", at(2)));
        var paused = in((Store s) -> s.conversations().find(created.id())).orElseThrow();
        assertThat(paused.automationPaused()).isTrue();
        assertThat(paused.criticalAlertTags()).isEqualTo("[\"legal\"]");
        assertThat(paused.updatedAt()).isEqualTo(at(2));
        assertThat(paused.state()).isEqualTo("Waiting");

        tx.run(s -> s.conversations().touch(created.id(), at(3)));
        assertThat(in((Store s) -> s.conversations().find(created.id())).orElseThrow().updatedAt()).isEqualTo(at(3));
        assertThat(in((Store s) -> s.conversations().count())).isEqualTo(1);
    }

    @Test
    void searchListsMostRecentlyUpdatedFirstWithKeysetPages() {
        long a = conversation("+1");
        long b = conversation("+2");
        long c = conversation("+3");
        long d = conversation("+4");
        tx.run(s -> {
            s.conversations().touch(a, at(5));
            s.conversations().touch(b, at(5));
            s.conversations().setState(c, "Done", at(1));
        });
        Function<ConversationQuery, List<Long>> ids = q -> in((Store s) -> s.conversations().search(q)).stream()
                .map(dev.parley.domain.conversation.Conversation::id).toList();
        assertThat(ids.apply(new ConversationQuery(null, null, null, null, 10, null, null)))
                .containsExactly(b, a, c, d);
        assertThat(ids.apply(new ConversationQuery(null, null, null, null, 2, null, null))).containsExactly(b, a);
        assertThat(ids.apply(new ConversationQuery(null, null, null, null, 2, at(5), b))).containsExactly(a, c);
        assertThat(ids.apply(new ConversationQuery(null, null, null, null, 10, at(1), c))).containsExactly(d);
        assertThat(ids.apply(new ConversationQuery(null, null, null, null, 10, at(5), null))).containsExactly(c, d);
        assertThat(ids.apply(new ConversationQuery(null, null, "Done", null, 10, null, null))).containsExactly(c);
        assertThat(ids.apply(new ConversationQuery("sms", "+4", null, "noop", 10, null, null))).containsExactly(d);
        assertThat(ids.apply(new ConversationQuery("whatsapp", null, null, null, 10, null, null))).isEmpty();
        assertThat(ids.apply(new ConversationQuery(null, null, null, "other", 10, null, null))).isEmpty();
    }

    // --- messages, timeline, tasks, audit ---

    @Test
    void messagesOfAConversationInIdOrder() {
        long conv = conversation("+1");
        long other = conversation("+2");
        long m1 = in((Store s) -> s.messages().add(conv, Direction.IN, "SM1", "hello", "r0", at(1), at(2), "RECEIVED", null));
        long m2 = in((Store s) -> s.messages().add(other, Direction.OUT, null, "x", null, null, null, "SENT", "op"));
        long m3 = in((Store s) -> s.messages().add(conv, Direction.OUT, "SM2", "hi", null, at(3), null, "SENT", "op"));
        tx.run(s -> s.messages().setData(m1, "{\"a\":1}"));
        var first = in((Store s) -> s.messages().find(m1)).orElseThrow();
        assertThat(first).isEqualTo(new dev.parley.domain.message.Message(m1, conv, Direction.IN, "SM1", "hello",
                "r0", at(1), at(2), "RECEIVED", "{\"a\":1}"));
        assertThat(in((Store s) -> s.messages().ofConversation(conv))).extracting(m -> m.id()).containsExactly(m1, m3);
        assertThat(in((Store s) -> s.messages().ofConversation(other))).extracting(m -> m.id()).containsExactly(m2);
        assertThat(in((Store s) -> s.messages().ofConversation(99))).isEmpty();
        assertThat(in((Store s) -> s.messages().find(99))).isEmpty();
    }

    @Test
    void timelineInIdOrder() {
        long conv = conversation("+1");
        tx.run(s -> {
            s.timeline().append(conv, "transition", "Start", "Waiting", "go", "{\"x\":1}", "system", at(2));
            s.timeline().append(conv, "note", null, null, null, null, "op", at(1));
        });
        var events = in((Store s) -> s.timeline().ofConversation(conv));
        assertThat(events).hasSize(2);
        assertThat(events.get(0)).isEqualTo(new dev.parley.domain.conversation.TimelineEvent(1, conv, "transition",
                "Start", "Waiting", "go", "{\"x\":1}", "system", at(2)));
        assertThat(events.get(1).type()).isEqualTo("note");
        assertThat(in((Store s) -> s.timeline().ofConversation(99))).isEmpty();
    }

    @Test
    void tasks() {
        long conv = conversation("+1");
        long message = in((Store s) -> s.messages().add(conv, Direction.IN, null, "x", null, null, T0, "RECEIVED", null));
        long t1 = in((Store s) -> s.tasks().add(conv, message, "Ask about letters", "research", at(1)));
        long t2 = in((Store s) -> s.tasks().add(conv, null, "Call back", "todo", at(2)));
        tx.run(s -> s.tasks().setStatus(t1, "DONE"));
        assertThat(in((Store s) -> s.tasks().ofConversation(conv))).containsExactly(
                new dev.parley.domain.conversation.ConversationTask(t1, conv, message, "Ask about letters",
                        "research", "DONE", at(1)),
                new dev.parley.domain.conversation.ConversationTask(t2, conv, null, "Call back", "todo", "OPEN",
                        at(2)));
    }

    @Test
    void auditPerTargetInIdOrder() {
        tx.run(s -> {
            s.audit().record("op", "reply", "conversation", 7L, "{\"outbox_id\":1}", at(1));
            s.audit().record("op", "block", "contact", 7L, null, at(2));
            s.audit().record("op", "login", "session", null, null, at(3));
            s.audit().record("op2", "unblock", "conversation", 7L, null, at(4));
        });
        var entries = in((Store s) -> s.audit().forTarget("conversation", 7));
        assertThat(entries).extracting(e -> e.id()).containsExactly(1L, 4L);
        assertThat(entries.getFirst()).isEqualTo(new dev.parley.domain.conversation.AuditEntry(1, "op", "reply",
                "conversation", 7L, "{\"outbox_id\":1}", at(1)));
        assertThat(in((Store s) -> s.audit().forTarget("contact", 8))).isEmpty();
    }

    // --- inbox ---

    @Test
    void inboxReceiptsAreUniquePerChannelAndProviderId() {
        var first = in((Store s) -> s.inbox().insertIfAbsent(inbound("P1", "+1"), "{}", T0));
        var again = in((Store s) -> s.inbox().insertIfAbsent(inbound("P1", "+2"), "{}", at(1)));
        assertThat(first).isEqualTo(new Inbox.Receipt(1, false));
        assertThat(again).isEqualTo(new Inbox.Receipt(1, true));
        var otherChannel = new InboundMessage("whatsapp", "P1", "+1", "+1", null, "x", null, T0, "noop", "Ann");
        assertThat(in((Store s) -> s.inbox().insertIfAbsent(otherChannel, null, T0))).isEqualTo(new Inbox.Receipt(2, false));
        var stored = in((Store s) -> s.inbox().find(2)).orElseThrow();
        assertThat(stored.message()).isEqualTo(otherChannel);
        assertThat(List.of(stored.status(), stored.attempts(), stored.receivedAt(), stored.nextAttemptAt()))
                .containsExactly(InboxStatus.RECEIVED, 0, T0, T0);
        assertThat(stored.error()).isNull();
        assertThat(in((Store s) -> s.inbox().find(9))).isEmpty();
    }

    @Test
    void laneHeadsAreTheOldestReceivedRowOfEachLane() {
        for (var r : new String[][] {{"1", "+1"}, {"2", "+2"}, {"3", "+1"}, {"4", "+3"}, {"5", "+2"}}) {
            tx.run(s -> s.inbox().insertIfAbsent(inbound(r[0], r[1]), "{}", T0));
        }
        tx.run(s -> s.inbox().insertIfAbsent(
                new InboundMessage("whatsapp", "6", "+1", "+1", null, "x", null, T0, null, null), null, T0));
        assertThat(in((Store s) -> s.inbox().laneHeads(10))).extracting(e -> e.id()).containsExactly(1L, 2L, 4L, 6L);
        assertThat(in((Store s) -> s.inbox().laneHeads(2))).extracting(e -> e.id()).containsExactly(1L, 2L);
        // The window counts waiting rows, not lanes: row 3 is in it but its lane's head is row 1.
        assertThat(in((Store s) -> s.inbox().laneHeads(3))).extracting(e -> e.id()).containsExactly(1L, 2L);
        // Full: the window held as many rows as asked, so more may wait beyond it; not full: it held them all.
        assertThat(in((Store s) -> s.inbox().laneHeadsInWindow(6).full())).isTrue();
        assertThat(in((Store s) -> s.inbox().laneHeadsInWindow(7).full())).isFalse();
        assertThat(in((Store s) -> s.inbox().laneHeadsInWindow(3).full())).isTrue();
        tx.run(s -> s.inbox().markProcessed(1, at(1)));
        tx.run(s -> s.inbox().markFailed(2, 5, "bad", at(1)));
        assertThat(in((Store s) -> s.inbox().laneHeads(10))).extracting(e -> e.id()).containsExactly(3L, 4L, 5L, 6L);
        assertThat(in((Store s) -> s.inbox().ofLane("sms", "+1"))).extracting(e -> e.id()).containsExactly(1L, 3L);
        assertThat(in((Store s) -> s.inbox().ofLane("sms", "+9"))).isEmpty();
    }

    @Test
    void aConversationHasAtMostOneClaimWhichCanBeReplacedAndReleased() {
        long conv = conversation("+1");
        assertThat(in((Store s) -> s.claims().of(conv))).isEmpty();
        tx.run(s -> s.claims().claim(conv, "Dana", at(1)));
        assertThat(in((Store s) -> s.claims().of(conv))).contains(
                new dev.parley.domain.conversation.ConversationClaim(conv, "Dana", at(1)));
        tx.run(s -> s.claims().claim(conv, "Eve", at(2)));
        assertThat(in((Store s) -> s.claims().of(conv)).orElseThrow().operator()).isEqualTo("Eve");
        assertThat(in((Store s) -> s.claims().release(conv))).isTrue();
        assertThat(in((Store s) -> s.claims().release(conv))).isFalse();
        assertThat(in((Store s) -> s.claims().of(conv))).isEmpty();
        assertThatThrownBy(() -> tx.run(s -> s.claims().claim(999, "Dana", at(3))))
                .isInstanceOf(ConcurrentUpdateException.class);
    }

    @Test
    void onlyReceivedInboxRowsAreClaimed() {
        tx.run(s -> s.inbox().insertIfAbsent(inbound("1", "+1"), "{}", T0));
        tx.run(s -> s.inbox().insertIfAbsent(inbound("2", "+1"), "{}", T0));
        var claimed = in((Store s) -> s.inbox().claim(1)).orElseThrow();
        assertThat(claimed.id()).isEqualTo(1);
        assertThat(claimed.status()).isEqualTo(InboxStatus.RECEIVED);
        tx.run(s -> s.inbox().markProcessed(1, at(1)));
        tx.run(s -> s.inbox().markFailed(2, 5, "gave up", at(1)));
        assertThat(in((Store s) -> s.inbox().claim(1))).isEmpty();
        assertThat(in((Store s) -> s.inbox().claim(2))).isEmpty();
        assertThat(in((Store s) -> s.inbox().claim(99))).isEmpty();
    }

    @Test
    void onlyPendingDueJobsAreClaimed() {
        long conv = conversation("+1");
        long due = in((Store s) -> s.jobs().schedule(ScheduledJob.TIMER, conv, "nudge", "Waiting", at(5), T0));
        long done = in((Store s) -> s.jobs().schedule(ScheduledJob.TIMER, conv, "timeout", "Waiting", at(5), T0));
        tx.run(s -> s.jobs().markDone(done, at(5)));
        assertThat(in((Store s) -> s.jobs().claim(due, at(4)))).as("not due yet").isEmpty();
        assertThat(in((Store s) -> s.jobs().claim(due, at(5)))).map(ScheduledJob::id).contains(due);
        assertThat(in((Store s) -> s.jobs().claim(done, at(6)))).isEmpty();
        assertThat(in((Store s) -> s.jobs().claim(999, at(6)))).isEmpty();
    }

    @Test
    void theLastRecipientOfALaneIsTheNumberItsLatestReceiptWasSentTo() {
        tx.run(s -> s.inbox().insertIfAbsent(new InboundMessage("sms", "r1", "+2", "+2", "+1999", "a", null, T0, null,
                null), "{}", T0));
        tx.run(s -> s.inbox().insertIfAbsent(new InboundMessage("sms", "r2", "+2", "+2", "+1888", "b", null, T0, null,
                null), "{}", T0));
        tx.run(s -> s.inbox().insertIfAbsent(new InboundMessage("sms", "r3", "+2", "+2", null, "c", null, T0, null,
                null), "{}", T0));
        tx.run(s -> s.inbox().insertIfAbsent(new InboundMessage("sms", "r4", "+3", "+3", "+1777", "d", null, T0, null,
                null), "{}", T0));
        assertThat(in((Store s) -> s.inbox().lastRecipient("sms", "+2"))).contains("+1888");
        assertThat(in((Store s) -> s.inbox().lastRecipient("sms", "+3"))).contains("+1777");
        assertThat(in((Store s) -> s.inbox().lastRecipient("sms", "+4"))).isEmpty();
        assertThat(in((Store s) -> s.inbox().lastRecipient("chat", "+2"))).isEmpty();
    }

    @Test
    void laneHeadsAfterWalkTheLanesInLaneOrderWhateverTheirBacklog() {
        for (var r : new String[][] {{"1", "+2"}, {"2", "+2"}, {"3", "+2"}, {"4", "+1"}, {"5", "+3"}, {"6", "+1"}}) {
            tx.run(s -> s.inbox().insertIfAbsent(inbound(r[0], r[1]), "{}", T0));
        }
        tx.run(s -> s.inbox().insertIfAbsent(
                new InboundMessage("chat", "7", "+9", "+9", null, "x", null, T0, null, null), null, T0));
        // Lane order: (chat, +9), (sms, +1), (sms, +2), (sms, +3); each lane's oldest waiting row.
        assertThat(in((Store s) -> s.inbox().laneHeadsAfter(null, null, 10))).extracting(e -> e.id())
                .containsExactly(7L, 4L, 1L, 5L);
        assertThat(in((Store s) -> s.inbox().laneHeadsAfter(null, null, 2))).extracting(e -> e.id())
                .containsExactly(7L, 4L);
        assertThat(in((Store s) -> s.inbox().laneHeadsAfter("sms", "+1", 10))).extracting(e -> e.id())
                .containsExactly(1L, 5L);
        assertThat(in((Store s) -> s.inbox().laneHeadsAfter("chat", "+9", 1))).extracting(e -> e.id())
                .containsExactly(4L);
        assertThat(in((Store s) -> s.inbox().laneHeadsAfter("sms", "+3", 10))).isEmpty();
        tx.run(s -> s.inbox().markProcessed(1, at(1)));
        tx.run(s -> s.inbox().markFailed(5, 5, "bad", at(1)));
        assertThat(in((Store s) -> s.inbox().laneHeadsAfter("sms", "+1", 10))).extracting(e -> e.id())
                .containsExactly(2L);
    }

    @Test
    void inboxProcessingBookkeeping() {
        for (int i = 1; i <= 4; i++) {
            var id = String.valueOf(i);
            tx.run(s -> s.inbox().insertIfAbsent(inbound(id, "+" + id), "{}", T0));
        }
        var longError = "e".repeat(2500);
        tx.run(s -> s.inbox().markRetry(1, 1, longError, at(5)));
        var retried = in((Store s) -> s.inbox().find(1)).orElseThrow();
        assertThat(retried.status()).isEqualTo(InboxStatus.RECEIVED);
        assertThat(retried.attempts()).isEqualTo(1);
        assertThat(retried.error()).hasSize(2000);
        assertThat(retried.nextAttemptAt()).isEqualTo(at(5));

        tx.run(s -> s.inbox().markProcessed(1, at(6)));
        var processed = in((Store s) -> s.inbox().find(1)).orElseThrow();
        assertThat(processed.status()).isEqualTo(InboxStatus.PROCESSED);
        assertThat(processed.error()).isNull();
        assertThat(processed.attempts()).isEqualTo(1);

        tx.run(s -> s.inbox().markFailed(2, 5, "gave up", at(6)));
        var failed = in((Store s) -> s.inbox().find(2)).orElseThrow();
        assertThat(List.of(failed.status(), failed.attempts(), failed.error()))
                .containsExactly(InboxStatus.FAILED, 5, "gave up");

        assertThat(in((Store s) -> s.inbox().countByStatus())).isEqualTo(Map.of(InboxStatus.RECEIVED, 2L,
                InboxStatus.PROCESSED, 1L, InboxStatus.FAILED, 1L));
        assertThat(in((Store s) -> s.inbox().byStatus(InboxStatus.RECEIVED, 10))).extracting(e -> e.id())
                .containsExactly(4L, 3L);
        assertThat(in((Store s) -> s.inbox().byStatus(InboxStatus.RECEIVED, 1))).extracting(e -> e.id()).containsExactly(4L);

        assertThat(in((Store s) -> s.inbox().requeue(1, at(7)))).isFalse();
        assertThat(in((Store s) -> s.inbox().requeue(99, at(7)))).isFalse();
        assertThat(in((Store s) -> s.inbox().requeue(2, at(7)))).isTrue();
        var requeued = in((Store s) -> s.inbox().find(2)).orElseThrow();
        assertThat(List.of(requeued.status(), requeued.attempts(), requeued.nextAttemptAt(), requeued.error()))
                .containsExactly(InboxStatus.RECEIVED, 0, at(7), "gave up");
    }

    @Test
    void inboxNextDueAtLooksAtLaneHeadsOnly() {
        assertThat(in((Store s) -> s.inbox().nextDueAt())).isEmpty();
        tx.run(s -> {
            s.inbox().insertIfAbsent(inbound("1", "+1"), "{}", at(10));
            s.inbox().insertIfAbsent(inbound("2", "+1"), "{}", at(2));
            s.inbox().insertIfAbsent(inbound("3", "+2"), "{}", at(4));
        });
        assertThat(in((Store s) -> s.inbox().nextDueAt())).contains(at(4));
        tx.run(s -> s.inbox().markRetry(3, 1, "e", at(20)));
        assertThat(in((Store s) -> s.inbox().nextDueAt())).contains(at(10));
        tx.run(s -> s.inbox().markProcessed(1, at(10)));
        assertThat(in((Store s) -> s.inbox().nextDueAt())).contains(at(2));
    }

    // --- outbox ---

    @Test
    void outboxRowsAreUniquePerCauseAndPurpose() {
        long conv = conversation("+1");
        var row = in((Store s) -> s.outbox().enqueue(conv, 1, "inbox:1", "reply", "Hi", OutboxStatus.PENDING, null, true,
                "op", T0)).orElseThrow();
        assertThat(row).isEqualTo(new dev.parley.domain.message.OutboxEntry(1, conv, 1, "inbox:1", "reply", "Hi",
                OutboxStatus.PENDING, null, 0, T0, true, "op", T0, null, null, null));
        assertThat(in((Store s) -> s.outbox().enqueue(conv, 1, "inbox:1", "reply", "Other", OutboxStatus.PENDING, null,
                false, "op", at(1)))).isEmpty();
        assertThat(in((Store s) -> s.outbox().enqueue(conv, 1, "inbox:1", "nudge", "N", OutboxStatus.HELD, "quiet", false,
                "system", at(1)))).isPresent();
        assertThat(in((Store s) -> s.outbox().find(1))).contains(row);
        assertThat(in((Store s) -> s.outbox().find(9))).isEmpty();
    }

    @Test
    void outboxDueSendingAndRetries() {
        long conv = conversation("+1");
        long other = conversation("+2");
        for (int i = 1; i <= 4; i++) {
            var cause = "c" + i;
            long c = i == 3 ? other : conv;
            long contact = i == 3 ? 2 : 1;
            tx.run(s -> s.outbox().enqueue(c, contact, cause, "reply", "t", OutboxStatus.PENDING, null, false,
                    "system", T0));
        }
        tx.run(s -> s.outbox().markRetry(1, 1, "timeout", at(10)));
        var retried = in((Store s) -> s.outbox().find(1)).orElseThrow();
        assertThat(List.of(retried.status(), retried.attempts(), retried.reason(), retried.nextAttemptAt()))
                .containsExactly(OutboxStatus.PENDING, 1, "timeout", at(10));
        assertThat(in((Store s) -> s.outbox().due(T0, 10))).extracting(o -> o.id()).containsExactly(2L, 3L, 4L);
        assertThat(in((Store s) -> s.outbox().due(T0, 2))).extracting(o -> o.id()).containsExactly(2L, 3L);
        assertThat(in((Store s) -> s.outbox().due(at(10), 10))).extracting(o -> o.id()).containsExactly(1L, 2L, 3L, 4L);
        assertThat(in((Store s) -> s.outbox().due(T0.minusSeconds(1), 10))).isEmpty();
        assertThat(in((Store s) -> s.outbox().nextDueAt())).contains(T0);

        tx.run(s -> s.outbox().markSent(1, "SM1", at(11)));
        var sent = in((Store s) -> s.outbox().find(1)).orElseThrow();
        assertThat(List.of(sent.status(), sent.sentAt(), sent.attempts())).containsExactly(OutboxStatus.SENT, at(11), 1);
        assertThat(sent.reason()).isNull();

        tx.run(s -> s.outbox().mark(2, OutboxStatus.DENIED, "opted out"));
        var denied = in((Store s) -> s.outbox().find(2)).orElseThrow();
        assertThat(List.of(denied.status(), denied.reason())).containsExactly(OutboxStatus.DENIED, "opted out");

        assertThat(in((Store s) -> s.outbox().holdPendingOfContact(1, "blocked")).size()).isEqualTo(1);
        var held = in((Store s) -> s.outbox().find(4)).orElseThrow();
        assertThat(List.of(held.status(), held.reason())).containsExactly(OutboxStatus.HELD, "blocked");
        assertThat(in((Store s) -> s.outbox().holdPendingOfContact(1, "blocked")).size()).isZero();

        assertThat(in((Store s) -> s.outbox().nextDueAt())).contains(T0);
        tx.run(s -> s.outbox().mark(3, OutboxStatus.FAILED, "gave up"));
        assertThat(in((Store s) -> s.outbox().nextDueAt())).isEmpty();
        assertThat(in((Store s) -> s.outbox().due(at(100), 10))).isEmpty();

        assertThat(in((Store s) -> s.outbox().ofConversation(conv))).extracting(o -> o.id()).containsExactly(1L, 2L, 4L);
        assertThat(in((Store s) -> s.outbox().byStatus(OutboxStatus.HELD, 10))).extracting(o -> o.id()).containsExactly(4L);
        assertThat(in((Store s) -> s.outbox().countByStatus())).isEqualTo(Map.of(OutboxStatus.PENDING, 0L,
                OutboxStatus.SENDING, 0L, OutboxStatus.SENT, 1L, OutboxStatus.HELD, 1L, OutboxStatus.DENIED, 1L,
                OutboxStatus.FAILED, 1L, OutboxStatus.DELIVERY_UNKNOWN, 0L));
    }

    @Test
    void aMessageScheduledForLaterDoesNotHoldBackOneDueNowButARetryKeepsItsPlace() {
        long conv = conversation("+1");
        long first = in((Store s) -> s.outbox().enqueue(conv, 1, "c1", "sla_nudge", "t1", null, OutboxStatus.PENDING,
                null, false, "system", T0)).orElseThrow().id();
        long second = in((Store s) -> s.outbox().enqueue(conv, 1, "c2", "reply", "t2", null, OutboxStatus.PENDING,
                null, false, "system", T0)).orElseThrow().id();
        tx.run(s -> s.outbox().markRetry(first, 0, "quiet hours", at(100)));
        assertThat(in((Store s) -> s.outbox().hasEarlierUnsent(conv, second, at(10)))).as("held for later").isFalse();
        assertThat(in((Store s) -> s.outbox().hasEarlierUnsent(conv, second, at(100)))).as("due again").isTrue();
        tx.run(s -> s.outbox().markRetry(first, 1, "HTTP 503", at(100)));
        assertThat(in((Store s) -> s.outbox().hasEarlierUnsent(conv, second, at(10)))).as("retrying").isTrue();
    }

    @Test
    void outboxClaimsKeepOrderAndAreFoundAfterACrash() {
        long conv = conversation("+1");
        for (int i = 1; i <= 3; i++) {
            var cause = "c" + i;
            var replyTo = i == 2 ? "SMin2" : null;
            tx.run(s -> s.outbox().enqueue(conv, 1, cause, "reply", "t" + cause, replyTo,
                    OutboxStatus.PENDING, null, false, "system", T0));
        }
        assertThat(in((Store s) -> s.outbox().find(2)).orElseThrow().replyTo()).isEqualTo("SMin2");
        assertThat(in((Store s) -> s.outbox().hasEarlierUnsent(conv, 1, T0))).isFalse();
        assertThat(in((Store s) -> s.outbox().hasEarlierUnsent(conv, 2, T0))).isTrue();

        var claimed = in((Store s) -> s.outbox().claim(1, at(5)));
        assertThat(List.of(claimed.status(), claimed.attempts(), claimed.claimedAt()))
                .containsExactly(OutboxStatus.SENDING, 1, at(5));
        assertThat(in((Store s) -> s.outbox().find(1))).contains(claimed);
        assertThat(in((Store s) -> s.outbox().sending(at(10)))).containsExactly(claimed);
        assertThat(in((Store s) -> s.outbox().due(at(10), 10))).extracting(o -> o.id()).containsExactly(2L, 3L);
        assertThat(in((Store s) -> s.outbox().hasEarlierUnsent(conv, 2, T0))).as("row 1 is still SENDING").isTrue();

        tx.run(s -> s.outbox().mark(1, OutboxStatus.DELIVERY_UNKNOWN, "no answer"));
        assertThat(in((Store s) -> s.outbox().sending(at(10)))).isEmpty();
        assertThat(in((Store s) -> s.outbox().hasEarlierUnsent(conv, 2, T0))).isFalse();
        assertThat(in((Store s) -> s.outbox().byStatus(OutboxStatus.DELIVERY_UNKNOWN, 10))).extracting(o -> o.id())
                .containsExactly(1L);

        tx.run(s -> s.outbox().requeue(1, at(20)));
        var again = in((Store s) -> s.outbox().find(1)).orElseThrow();
        assertThat(List.of(again.status(), again.attempts(), again.nextAttemptAt()))
                .containsExactly(OutboxStatus.PENDING, 0, at(20));
        tx.run(s -> s.outbox().claim(1, at(21)));
        tx.run(s -> s.outbox().markRetry(1, 1, "refused", at(30)));
        var retried = in((Store s) -> s.outbox().find(1)).orElseThrow();
        assertThat(List.of(retried.status(), retried.attempts(), retried.reason(), retried.nextAttemptAt()))
                .containsExactly(OutboxStatus.PENDING, 1, "refused", at(30));
    }

    @Test
    void outboxByStatusNewestFirst() {
        long conv = conversation("+1");
        for (int i = 1; i <= 3; i++) {
            var cause = "c" + i;
            tx.run(s -> s.outbox().enqueue(conv, 1, cause, "reply", "t", OutboxStatus.HELD, "r", false, "system", T0));
        }
        assertThat(in((Store s) -> s.outbox().byStatus(OutboxStatus.HELD, 2))).extracting(o -> o.id())
                .containsExactly(3L, 2L);
        assertThat(in((Store s) -> s.outbox().nextDueAt())).isEmpty();
    }

    // --- alerts ---

    @Test
    void alerts() {
        long conv = conversation("+1");
        long message = in((Store s) -> s.messages().add(conv, Direction.IN, null, "x", null, null, T0, "RECEIVED", null));
        long a1 = in((Store s) -> s.alerts().raise(conv, 1, message, AlertSeverity.CRITICAL, List.of("legal",
                "threat"), List.of("p1"),
                "rules", at(1)));
        long a2 = in((Store s) -> s.alerts().raise(conv, 1, null, AlertSeverity.HIGH_VALUE, List.of(), List.of(),
                "model", at(2)));
        long a3 = in((Store s) -> s.alerts().raise(conv, 1, null, AlertSeverity.CRITICAL, Arrays.asList("x", null),
                List.of(), "rules",
                at(3)));
        var first = in((Store s) -> s.alerts().ofConversation(conv)).getFirst();
        assertThat(first).isEqualTo(new ConversationAlert(a1, conv, 1, message, AlertSeverity.CRITICAL,
                List.of("legal", "threat"),
                List.of("p1"), "rules", ConversationAlert.OPEN, at(1), null, null));
        assertThat(in((Store s) -> s.alerts().ofConversation(conv)).get(2).categories()).containsExactly("x", null);
        assertThat(in((Store s) -> s.alerts().open(10))).extracting(a -> a.id()).containsExactly(a3, a2, a1);
        assertThat(in((Store s) -> s.alerts().open(1))).extracting(a -> a.id()).containsExactly(a3);
        tx.run(s -> s.alerts().setStatus(a3, ConversationAlert.RESOLVED, "op", at(4)));
        tx.run(s -> s.alerts().setStatus(a2, ConversationAlert.ACKNOWLEDGED, "op", at(5)));
        assertThat(in((Store s) -> s.alerts().open(10))).extracting(a -> a.id()).containsExactly(a2, a1);
        var acknowledged = in((Store s) -> s.alerts().ofConversation(conv)).get(1);
        assertThat(List.of(acknowledged.status(), acknowledged.handledBy(), acknowledged.handledAt()))
                .containsExactly(ConversationAlert.ACKNOWLEDGED, "op", at(5));
        assertThat(in((Store s) -> s.alerts().ofConversation(99))).isEmpty();
    }

    // --- scheduled jobs ---

    @Test
    void scheduledJobs() {
        long conv = conversation("+1");
        long other = conversation("+2");
        long j1 = in((Store s) -> s.jobs().schedule(ScheduledJob.TIMER, conv, "timeout", "Waiting", at(10), T0));
        long j2 = in((Store s) -> s.jobs().schedule(ScheduledJob.TIMER, conv, "nudge", "Waiting", at(5), T0));
        long j3 = in((Store s) -> s.jobs().schedule("sla", conv, "sla", null, at(5), T0));
        long j4 = in((Store s) -> s.jobs().schedule("sweep", null, "sweep", null, at(1), T0));
        long j5 = in((Store s) -> s.jobs().schedule(ScheduledJob.TIMER, other, "timeout", "Waiting", at(7), T0));
        assertThat(in((Store s) -> s.jobs().due(at(5), 10))).extracting(j -> j.id()).containsExactly(j4, j2, j3);
        assertThat(in((Store s) -> s.jobs().due(at(5), 2))).extracting(j -> j.id()).containsExactly(j4, j2);
        assertThat(in((Store s) -> s.jobs().due(T0, 10))).isEmpty();
        assertThat(in((Store s) -> s.jobs().nextDueAt())).contains(at(1));
        assertThat(in((Store s) -> s.jobs().pendingOf(conv))).extracting(j -> j.id()).containsExactly(j2, j3, j1);
        assertThat(in((Store s) -> s.jobs().pendingOf(conv)).getFirst()).isEqualTo(new ScheduledJob(j2, ScheduledJob.TIMER,
                conv, "nudge", "Waiting", at(5), "PENDING", 0));

        tx.run(s -> s.jobs().markDone(j4, at(1)));
        assertThat(in((Store s) -> s.jobs().nextDueAt())).contains(at(5));
        tx.run(s -> s.jobs().markRetry(j2, 1, "oops", at(20)));
        var retried = in((Store s) -> s.jobs().pendingOf(conv)).getLast();
        assertThat(List.of(retried.id(), retried.attempts(), retried.dueAt(), retried.status()))
                .containsExactly(j2, 1, at(20), "PENDING");
        tx.run(s -> s.jobs().markFailed(j3, 3, "gave up", at(6)));
        assertThat(in((Store s) -> s.jobs().pendingOf(conv))).extracting(j -> j.id()).containsExactly(j1, j2);

        assertThat(in((Store s) -> s.jobs().cancelPending(conv, ScheduledJob.TIMER, at(8)))).isEqualTo(2);
        assertThat(in((Store s) -> s.jobs().cancelPending(conv, ScheduledJob.TIMER, at(8)))).isZero();
        assertThat(in((Store s) -> s.jobs().pendingOf(conv))).isEmpty();
        assertThat(in((Store s) -> s.jobs().pendingOf(other))).extracting(j -> j.id()).containsExactly(j5);
        assertThat(in((Store s) -> s.jobs().nextDueAt())).contains(at(7));
        tx.run(s -> s.jobs().markDone(j5, at(7)));
        assertThat(in((Store s) -> s.jobs().nextDueAt())).isEmpty();
        assertThat(in((Store s) -> s.jobs().due(at(100), 10))).isEmpty();
    }

    // --- embeddings ---

    @Test
    void embeddingsOnePerMessageReplacedByAnotherModel() {
        long conv = conversation("+1");
        long m1 = in((Store s) -> s.messages().add(conv, Direction.IN, null, "a", null, null, T0, "RECEIVED", null));
        long m2 = in((Store s) -> s.messages().add(conv, Direction.IN, null, "b", null, null, T0, "RECEIVED", null));
        var v1 = new dev.parley.domain.embedding.Embedding("m", new float[] {0.6f, 0.8f, 0f});
        tx.run(s -> s.embeddings().put(m1, v1));
        assertThat(in((Store s) -> s.embeddings().ofMessage(m1, "m"))).contains(v1);
        assertThat(in((Store s) -> s.embeddings().ofMessage(m1, "other"))).isEmpty();
        assertThat(in((Store s) -> s.embeddings().ofMessage(m2, "m"))).isEmpty();

        var v2 = new dev.parley.domain.embedding.Embedding("other", new float[] {1f, 0f});
        tx.run(s -> s.embeddings().put(m1, v2));
        tx.run(s -> s.embeddings().put(m2, v1));
        assertThat(in((Store s) -> s.embeddings().ofMessage(m1, "m"))).isEmpty();
        assertThat(in((Store s) -> s.embeddings().ofMessages(List.of(m1, m2, 999L), "m"))).isEqualTo(Map.of(m2, v1));
        assertThat(in((Store s) -> s.embeddings().ofMessages(List.of(m1, m2), "other"))).isEqualTo(Map.of(m1, v2));
        assertThatThrownBy(() -> tx.run(s -> s.embeddings().put(999L, v1))).isInstanceOf(RuntimeException.class);
    }

    @Test
    void anEmbeddingAddedForANewMessageIsReadBackAndASecondOneIsRefused() {
        long conv = conversation("+1");
        var v1 = new dev.parley.domain.embedding.Embedding("m", new float[] {0.6f, 0.8f, 0f});
        long m1 = in((Store s) -> {
            long id = s.messages().add(conv, Direction.IN, null, "a", null, null, T0, "RECEIVED", null);
            s.embeddings().add(id, v1);
            assertThat(s.embeddings().ofMessage(id, "m")).as("in the same transaction").contains(v1);
            return id;
        });
        assertThat(in((Store s) -> s.embeddings().ofMessage(m1, "m"))).contains(v1);
        var v2 = new dev.parley.domain.embedding.Embedding("other", new float[] {1f, 0f});
        assertThatThrownBy(() -> tx.run(s -> s.embeddings().add(m1, v2))).isInstanceOf(RuntimeException.class);
        assertThat(in((Store s) -> s.embeddings().ofMessage(m1, "m"))).contains(v1);
        assertThatThrownBy(() -> tx.run(s -> s.embeddings().add(999L, v1))).isInstanceOf(RuntimeException.class);
    }

    // --- group chats ---

    @Test
    void chatMessagesJoinTheirDetailsAndReadWindowsAnchorsAndTimes() {
        long conv = conversation("group-1");
        long other = conversation("group-2");
        var meta = new ChatMeta("42", "ana_h", "Ana", false, "7", List.of("parley_bot", "99"), null);
        long m1 = in((Store s) -> s.messages().add(conv, Direction.IN, "g:1", "one", null, at(0), at(0), "RECEIVED", null));
        long m2 = in((Store s) -> s.messages().add(conv, Direction.IN, "g:2", "two", "g:1", at(5), at(5), "RECEIVED", null));
        long bot = in((Store s) -> s.messages().add(conv, Direction.OUT, "g:3", "reply", "g:2", at(6), null, "SENT", null));
        long m4 = in((Store s) -> s.messages().add(conv, Direction.IN, "g:4", "four", "g:0", at(70), at(70), "RECEIVED", null));
        in((Store s) -> s.messages().add(other, Direction.IN, "g:1", "elsewhere", null, at(1), at(1), "RECEIVED", null));
        tx.run(s -> s.chatMessages().put(m1, meta));
        tx.run(s -> s.chatMessages().put(m2, new ChatMeta("43", null, null, true, null, List.of(), null)));
        tx.run(s -> s.chatMessages().put(m4, new ChatMeta("42", null, null, false, null, List.of(),
                "{\"provider_id\":\"g:0\"}")));

        assertThat(in((Store s) -> s.chatMessages().find(m1)).orElseThrow().meta()).isEqualTo(meta);
        var before = in((Store s) -> s.chatMessages().before(conv, m4, 2));
        assertThat(before).extracting(r -> r.message().id()).containsExactly(m2, bot);
        assertThat(before.get(0).meta().fromBot()).isTrue();
        assertThat(before.get(1).meta()).isNull();
        assertThat(in((Store s) -> s.chatMessages().before(conv, m1, 20))).isEmpty();
        assertThat(in((Store s) -> s.chatMessages().byProviderId(conv, "g:1")).orElseThrow().message().text())
                .isEqualTo("one");
        assertThat(in((Store s) -> s.chatMessages().byProviderId(conv, "g:9"))).isEmpty();
        assertThat(in((Store s) -> s.chatMessages().find(m4)).orElseThrow().meta().contextSnapshot())
                .contains("g:0");
        assertThat(in((Store s) -> s.chatMessages().sentBetween(conv, at(5), at(70), 10)))
                .extracting(r -> r.message().id()).containsExactly(m2, bot);
        assertThat(in((Store s) -> s.chatMessages().sentBetween(conv, at(0), at(71), 3))).hasSize(3);

        tx.run(s -> s.chatMessages().put(m1, new ChatMeta("42", null, "Ana B", false, null, null, null)));
        assertThat(in((Store s) -> s.chatMessages().find(m1)).orElseThrow().meta().senderName()).isEqualTo("Ana B");
        assertThatThrownBy(() -> tx.run(s -> s.chatMessages().put(999L, meta))).isInstanceOf(RuntimeException.class);
    }

    @Test
    void channelStateIsOneValuePerChannelAndNameAndRollsBack() {
        assertThat(in((Store s) -> s.channelState().get("telegram", "offset"))).isEmpty();
        tx.run(s -> s.channelState().put("telegram", "offset", "10", T0));
        tx.run(s -> s.channelState().put("telegram", "offset", "11", at(1)));
        tx.run(s -> s.channelState().put("other", "offset", "5", at(1)));
        assertThat(in((Store s) -> s.channelState().get("telegram", "offset"))).contains("11");
        assertThatThrownBy(() -> tx.run(s -> {
            s.channelState().put("telegram", "offset", "12", at(2));
            s.channelState().put("telegram", "bot_id", "7", at(2));
            throw new IllegalStateException("rolled back");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(in((Store s) -> s.channelState().get("telegram", "offset"))).contains("11");
        assertThat(in((Store s) -> s.channelState().get("telegram", "bot_id"))).isEmpty();
    }

    @Test
    void inboxKeepsTheGroupDetailsOfAReceipt() {
        var parent = new dev.parley.domain.message.ChatDetails.Parent("g:0", "41", "Old Timer", null, false,
                "before parley", T0.minusSeconds(86_400));
        var details = new dev.parley.domain.message.ChatDetails("7", false, "ana_h", List.of("parley_bot"), false,
                "Friends", parent);
        var message = new InboundMessage("telegram", "g:5", "-100", "42", null, "hi", "g:0", T0, "chime-in", "Ana",
                details);
        var receipt = in((Store s) -> s.inbox().insertIfAbsent(message, null, T0));
        assertThat(in((Store s) -> s.inbox().find(receipt.id())).orElseThrow().message()).isEqualTo(message);
        var plain = inbound("p1", "+1");
        var plainReceipt = in((Store s) -> s.inbox().insertIfAbsent(plain, null, T0));
        assertThat(in((Store s) -> s.inbox().find(plainReceipt.id())).orElseThrow().message().chat()).isNull();
    }

    @Test
    void emptyStore() {
        assertThat(in((Store s) -> s.conversations().count())).isZero();
        assertThat(in((Store s) -> s.inbox().laneHeads(10))).isEmpty();
        assertThat(in((Store s) -> s.inbox().countByStatus())).isEqualTo(Map.of(InboxStatus.RECEIVED, 0L,
                InboxStatus.PROCESSED, 0L, InboxStatus.FAILED, 0L));
        assertThat(in((Store s) -> s.outbox().nextDueAt())).isEqualTo(Optional.empty());
        assertThat(in((Store s) -> s.jobs().nextDueAt())).isEmpty();
        assertThat(in((Store s) -> s.alerts().open(10))).isEmpty();
        assertThat(in((Store s) -> s.conversations().search(new ConversationQuery(null, null, null, null, 10, null, null))))
                .isEmpty();
    }
}
