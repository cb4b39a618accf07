package dev.parley.application.outbox;

import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.message.OutboxEntry;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * A second record of every outbox claim, forced to disk after the claim's commit and before its request leaves, so
 * that a claim the store lost in a crash is not taken for "never claimed": at the next start the row is SENDING again
 * ({@link RestoreJournalledClaims}), and the outbox's recovery makes it DELIVERY_UNKNOWN (or sends it again under the
 * same idempotency key on an idempotent channel), never PENDING. H2 has been seen losing commits that had returned
 * (ADR 0001); PostgreSQL does not, and has none ({@link #NONE}).
 */
public interface ClaimJournal {

    /**
     * One claim: the row, the attempt it started, and what the row held (its conversation, purpose, reply_to and the
     * SHA-256 of its text), so the row a later start finds under that id is known to be the same message.
     */
    record Claim(long outboxId, int attempt, long conversationId, String channel, String conversationKey,
                 String purpose, String replyTo, String textSha256, Instant claimedAt) {
        public Claim {
            Objects.requireNonNull(textSha256, "textSha256");
            Objects.requireNonNull(claimedAt, "claimedAt");
        }

        /** The claim of {@code row} (as the claim's transaction left it) in {@code conversation}. */
        public static Claim of(OutboxEntry row, Conversation conversation) {
            return new Claim(row.id(), row.attempts(), conversation.id(), conversation.channel(), conversation.key(),
                    row.purpose(), row.replyTo(), sha256(row.text()), row.claimedAt());
        }

        /** Whether {@code row} is the message this claim was made for (the same id may have been given again). */
        public boolean isOf(OutboxEntry row) {
            return row.id() == outboxId && row.conversationId() == conversationId
                    && Objects.equals(row.purpose(), purpose) && Objects.equals(row.replyTo(), replyTo)
                    && sha256(row.text()).equals(textSha256);
        }

        static String sha256(String text) {
            try {
                return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                        .digest((text == null ? "" : text).getBytes(StandardCharsets.UTF_8)));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is part of every JDK", e);
            }
        }
    }

    /**
     * Records {@code claim} durably; returns only once it is on disk.
     *
     * @throws dev.parley.application.store.StoreUnavailableException when it cannot be written (do not send)
     */
    void append(Claim claim);

    /** Every claim the journal holds, oldest first (damaged lines are skipped). */
    List<Claim> claims();

    /** No journal: stores that keep every commit that returned (PostgreSQL), in-memory stores. */
    ClaimJournal NONE = new ClaimJournal() {
        @Override
        public void append(Claim claim) {
        }

        @Override
        public List<Claim> claims() {
            return List.of();
        }
    };
}
