package dev.parley.application.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.persistence.FileReceiptJournal;
import dev.parley.application.ManualClock;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The claim journal on a real H2 file store: every claim is journalled before its request leaves; at the next open a
 * claim the store lost is made again (SENDING, then DELIVERY_UNKNOWN for a sender that is not idempotent), and nothing
 * else is touched: a row past its claim, a row the store no longer has, another message that got the same id.
 */
class JournalledClaimsTest {
    @TempDir Path home;
    final ManualClock clock = new ManualClock(Instant.parse("2026-06-01T10:00:00Z"));
    final List<Long> sent = new CopyOnWriteArrayList<>();
    final Sender sms = new Recording("sms-provider", false, sent);

    /** A provider that takes every message and notes the outbox id each was sent under. */
    record Recording(String name, boolean idempotent, List<Long> ids) implements Sender {
        @Override
        public Result send(OutgoingMessage message) {
            ids.add(message.outboxId());
            return new Delivered(name + "-" + message.outboxId());
        }
    }

    @Test
    void aLostClaimIsMadeAgainAtTheNextOpenAndTheMessageIsNotSentAsNew() throws Exception {
        long lost;
        long sentBefore;
        long other;
        long untouched;
        try (var parley = start()) {
            lost = conversation(parley, "+15550001");
            sentBefore = conversation(parley, "+15550002");
            other = conversation(parley, "+15550003");
            untouched = conversation(parley, "+15550004");
            assertThat(parley.app.deliverOutbox.deliver(sentBefore)).isTrue();
            assertThat(journal().claims()).extracting(ClaimJournal.Claim::outboxId).containsExactly(sentBefore);
        }
        assertThat(journal().file()).as("discarded at the clean close").doesNotExist();

        // What a crash leaves: claims on disk whose commits the store does not have.
        var rows = rows(lost, sentBefore, other);
        var journal = journal();
        journal.append(claim(rows.get(0), 1));            // the store lost this claim
        journal.append(claim(rows.get(1), 1));            // this one it kept, and the row was sent since
        var another = claim(rows.get(2), 1);              // the id now names another message
        journal.append(new ClaimJournal.Claim(another.outboxId(), 1, another.conversationId(), another.channel(),
                another.conversationKey(), another.purpose(), another.replyTo(), ClaimJournal.Claim.sha256("other"),
                another.claimedAt()));
        journal.append(new ClaimJournal.Claim(9999, 1, 1, "sms", "+15550009", "first", null,
                ClaimJournal.Claim.sha256("gone"), clock.instant()));  // a row the store no longer has

        try (var parley = start()) {
            parley.app.deliverOutbox.deliverDue(10);

            // claimed again as it was (attempt 1), then recovered as a send a crash interrupted
            assertThat(row(parley, lost).attempts()).isEqualTo(1);
            assertThat(row(parley, lost).status()).isEqualTo(OutboxStatus.DELIVERY_UNKNOWN);
            assertThat(row(parley, lost).reason()).isEqualTo(DeliverOutbox.INTERRUPTED);
            assertThat(row(parley, sentBefore).status()).isEqualTo(OutboxStatus.SENT);
            assertThat(row(parley, other).status()).isEqualTo(OutboxStatus.SENT);
            assertThat(row(parley, untouched).status()).isEqualTo(OutboxStatus.SENT);
            assertThat(sent).as("requests: the lost claim's message never again")
                    .containsExactlyInAnyOrder(sentBefore, other, untouched);
        }
        // Opened again on the same journal (a crash before a clean close): nothing more changes.
        try (var parley = start()) {
            assertThat(row(parley, lost).status()).isEqualTo(OutboxStatus.DELIVERY_UNKNOWN);
        }
    }

    /**
     * The store lost a row itself after its message had been claimed (as outbox row 9999); processing made the message
     * again, as another row. That row is not sent as new: DELIVERY_UNKNOWN for a sender that is not idempotent, sent
     * under the lost row's id by an idempotent one. A claim no row matched stays in the journal across a clean close.
     */
    @Test
    void aRowMadeAgainAfterTheStoreLostItWithItsClaimIsNotSentAsNew() throws Exception {
        long conversationId;
        try (var parley = start()) {
            long first = conversation(parley, "+15550006");
            parley.app.deliverOutbox.deliverDue(10);
            conversationId = row(parley, first).conversationId();
        }
        var journal = journal();
        journal.append(lostClaim(9999, "+15550006", "I will call you at noon"));
        journal.append(lostClaim(9998, "+15550006", "never made again"));

        try (var parley = start()) {
            long again = reply(parley, conversationId, "I will call you at noon");
            long other = reply(parley, conversationId, "A new message");
            parley.app.deliverOutbox.deliverDue(10);

            var unknown = row(parley, again);
            assertThat(unknown.status()).isEqualTo(OutboxStatus.DELIVERY_UNKNOWN);
            assertThat(unknown.reason()).isEqualTo("the same message was claimed as outbox row 9999 before a crash the "
                    + "store lost it in: it may have left");
            assertThat(row(parley, other).status()).isEqualTo(OutboxStatus.SENT);
            assertThat(sent).doesNotContain(again).contains(other);

            long third = reply(parley, conversationId, "I will call you at noon");
            parley.app.deliverOutbox.deliverDue(10);
            assertThat(row(parley, third).status()).as("a lost claim is matched once").isEqualTo(OutboxStatus.SENT);
        }
        assertThat(journal().claims()).as("kept at the clean close: no row matched it yet")
                .extracting(ClaimJournal.Claim::outboxId).containsExactly(9998L);
    }

    @Test
    void anIdempotentSenderSendsTheRowMadeAgainUnderTheLostRowsId() throws Exception {
        var known = new CopyOnWriteArrayList<Long>();
        var webhook = new Recording("webhook", true, known);
        long conversationId;
        try (var parley = TestParley.start(home, clock, Map.of(), webhook)) {
            parley.app.outboxLoop.close();
            conversationId = row(parley, conversation(parley, "+15550007")).conversationId();
            parley.app.deliverOutbox.deliverDue(10);
        }
        journal().append(lostClaim(9999, "+15550007", "I will call you at noon"));
        try (var parley = TestParley.start(home, clock, Map.of(), webhook)) {
            parley.app.outboxLoop.close();
            long again = reply(parley, conversationId, "I will call you at noon");
            parley.app.deliverOutbox.deliverDue(10);
            assertThat(row(parley, again).status()).isEqualTo(OutboxStatus.SENT);
            assertThat(known.getLast()).as("the id the receiver knows the message by").isEqualTo(9999L);
        }
    }

    @Test
    void aClaimThatCannotBeJournalledIsNotSent() throws Exception {
        try (var parley = start()) {
            long id = conversation(parley, "+15550005");
            Files.createDirectories(journal().file());  // a journal that cannot be written: a directory in its place

            parley.app.deliverOutbox.deliverDue(10);

            var row = row(parley, id);
            assertThat(row.status()).isEqualTo(OutboxStatus.PENDING);
            assertThat(row.reason()).isEqualTo("claim journal unavailable: StoreUnavailableException (the request did "
                    + "not leave)");
            assertThat(row.nextAttemptAt()).isAfter(clock.instant());
            assertThat(sent).isEmpty();

            Files.delete(journal().file());
            clock.advance(Duration.ofMinutes(1));
            parley.app.deliverOutbox.deliverDue(10);
            assertThat(row(parley, id).status()).isEqualTo(OutboxStatus.SENT);
            assertThat(sent).containsExactly(id);
        }
    }

    private TestParley start() {
        var parley = TestParley.start(home, clock, Map.of(), sms);
        parley.app.outboxLoop.close();
        return parley;
    }

    private FileReceiptJournal journal() {
        return new FileReceiptJournal(home.resolve("data/parley.receipts"));
    }

    private static long conversation(TestParley parley, String to) {
        var response = parley.http().apiPost("/api/conversations", "{\"channel\":\"sms\",\"to\":\"" + to
                + "\",\"text\":\"Hello there\",\"actor\":\"ops@example.test\"}");
        assertThat(response.statusCode()).isEqualTo(201);
        return ParleyHttp.json(response).get("outbox_id").asLong();
    }

    private static OutboxEntry row(TestParley parley, long id) {
        return parley.app.transactions.inTransaction(s -> s.outbox().find(id)).orElseThrow();
    }

    private static long reply(TestParley parley, long conversationId, String text) {
        var response = parley.http().apiPost("/api/conversations/" + conversationId + "/reply",
                "{\"actor\":\"ops@example.test\",\"text\":\"" + text + "\"}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
        return ParleyHttp.json(response).get("outbox_id").asLong();
    }

    /** The journalled claim of an operator's reply {@code text} in the sms conversation with {@code to}. */
    private ClaimJournal.Claim lostClaim(long outboxId, String to, String text) {
        return new ClaimJournal.Claim(outboxId, 1, 1, "sms", to, "operator_reply", null,
                ClaimJournal.Claim.sha256(text), clock.instant());
    }

    /** The rows as the closed store holds them (opened without starting anything). */
    private List<OutboxEntry> rows(long... ids) {
        try (var parley = TestParley.open(home, clock, Map.of())) {
            return java.util.Arrays.stream(ids).mapToObj(id -> row(parley, id)).toList();
        }
    }

    /** The claim of {@code row}'s attempt {@code attempt}, as the outbox journals it. */
    private ClaimJournal.Claim claim(OutboxEntry row, int attempt) {
        return new ClaimJournal.Claim(row.id(), attempt, row.conversationId(), "sms", "unused", row.purpose(),
                row.replyTo(), ClaimJournal.Claim.sha256(row.text()), clock.instant());
    }
}
