package dev.parley.application.outbox;

import dev.parley.application.store.Transactions;
import dev.parley.domain.message.OutboxStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At start-up, before anything sends: every claim in the {@link ClaimJournal} whose row the store holds PENDING with
 * fewer attempts (the store lost the claim's commit, though its request may have left) is claimed again as it was
 * (SENDING, that attempt, its claim time). The outbox's recovery of interrupted sends then treats it as any send a
 * crash interrupted: DELIVERY_UNKNOWN, or sent again under the same idempotency key by an idempotent sender; never
 * sent as new. A row already past that claim (sent, failed, retried, unknown) is left alone, so replaying the journal
 * any number of times changes nothing more. A claim of a row the store no longer has (or whose id now names another
 * message) is a {@link LostClaims lost claim}: the row, made again when its message is processed again, is not sent
 * as new. Logs counts and outbox ids only.
 */
public final class RestoreJournalledClaims {
    private static final Logger LOG = LoggerFactory.getLogger(RestoreJournalledClaims.class);

    private final Transactions transactions;
    private final ClaimJournal journal;

    /**
     * What a restore did: claims read (the latest per row), the ids of rows claimed again, and how many claims name a
     * row the store no longer holds as it was claimed (the store lost the row itself, or gave its id to another).
     */
    public record Result(int claims, List<Long> restored, List<ClaimJournal.Claim> lost) {
        public Result {
            restored = List.copyOf(restored);
            lost = List.copyOf(lost);
        }

        public int rowsGone() {
            return lost.size();
        }
    }

    public RestoreJournalledClaims(Transactions transactions, ClaimJournal journal) {
        this.transactions = transactions;
        this.journal = journal;
    }

    public Result run() {
        var latest = new LinkedHashMap<Long, ClaimJournal.Claim>();
        for (var claim : journal.claims()) {
            latest.merge(claim.outboxId(), claim, (a, b) -> b.attempt() >= a.attempt() ? b : a);
        }
        if (latest.isEmpty()) return new Result(0, List.of(), List.of());
        var restored = new ArrayList<Long>();
        var lost = new ArrayList<ClaimJournal.Claim>();
        transactions.inTransaction(store -> {
            for (var claim : latest.values()) {
                var row = store.outbox().find(claim.outboxId()).orElse(null);
                if (row == null || !claim.isOf(row)) {
                    lost.add(claim);
                } else if (row.status() == OutboxStatus.PENDING && row.attempts() < claim.attempt()) {
                    store.outbox().claim(row.id(), claim.claimedAt());
                    restored.add(row.id());
                }
            }
            return null;
        });
        var result = new Result(latest.size(), restored, lost);
        if (!restored.isEmpty()) {
            LOG.warn("claim journal: {} claims, {} restored (outbox ids {}): the store had lost their claims, the "
                    + "messages may have left; {} name rows the store no longer has (their rows made again are not sent as "
                    + "new)", result.claims(),
                    restored.size(), restored, result.rowsGone());
        } else {
            LOG.info("claim journal: {} claims, 0 restored; {} name rows the store no longer has (their rows made "
                    + "again are not sent as new)", result.claims(),
                    result.rowsGone());
        }
        return result;
    }
}
