package dev.parley.application.pipeline;

import dev.parley.domain.message.InboundMessage;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A second, append-only record of every receipt Parley acknowledged, written after the inbox commit and before the
 * 2xx, so a receipt the store lost in a crash can be put back at the next start ({@link RestoreJournalledReceipts}).
 * H2 has been seen losing a commit that had returned when its process was killed (ADR 0001, "Receipt journal"); a
 * journal is kept only for a store that needs it, and discarded when the store is closed cleanly.
 */
public interface ReceiptJournal {

    /** Exactly what the inbox insert needs: the message as stored, the raw payload, and when it was received. */
    record Entry(InboundMessage message, String payload, Instant receivedAt) {
        public Entry {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(receivedAt, "receivedAt");
        }
    }

    /** What the journal holds: its readable entries, oldest first, and how many damaged lines were skipped. */
    record Contents(List<Entry> entries, int damaged) {
        public Contents {
            entries = List.copyOf(entries);
        }
    }

    /**
     * Records {@code entry} durably; returns only once it is on disk.
     *
     * @throws dev.parley.application.store.StoreUnavailableException when it cannot be written (do not acknowledge)
     */
    void append(Entry entry);

    /** Every entry the journal holds, oldest first; damaged or torn lines are skipped and counted. */
    Contents entries();

    /** Forgets every entry: the store holds them all for good (it was closed cleanly). */
    void discard();

    /** No journal: for stores that do not lose a commit (PostgreSQL), in-memory stores and tests. */
    ReceiptJournal NONE = new ReceiptJournal() {
        @Override
        public void append(Entry entry) {
        }

        @Override
        public Contents entries() {
            return new Contents(List.of(), 0);
        }

        @Override
        public void discard() {
        }
    };
}
