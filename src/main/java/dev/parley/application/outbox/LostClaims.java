package dev.parley.application.outbox;

import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.message.OutboxEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Journalled claims of rows the store no longer has (a crash cost it the row itself, after its message had been
 * claimed and maybe sent). Processing the message again makes the row again, under another id: when the outbox is
 * about to claim a row that is the same message (same conversation, purpose and reply_to; the same text too when it
 * answers no message in particular; made within {@link #KEPT} of the lost claim), it is not sent as new. Thread-safe;
 * a claim matches once, and is forgotten {@link #KEPT} after it was made.
 */
public final class LostClaims {
    /** How long after a lost claim the row made again may match it: its message is processed again soon after. */
    public static final Duration KEPT = Duration.ofDays(1);

    private final List<ClaimJournal.Claim> unmatched = new ArrayList<>();

    public LostClaims(List<ClaimJournal.Claim> claims) {
        unmatched.addAll(claims);
    }

    /** None: a store that keeps what it committed. */
    public static LostClaims none() {
        return new LostClaims(List.of());
    }

    /** The lost claim {@code row} (never claimed yet) repeats, if any; it stays unmatched until {@link #settle}. */
    public synchronized Optional<ClaimJournal.Claim> of(Conversation conversation, OutboxEntry row) {
        if (row.attempts() > 0 || unmatched.isEmpty()) return Optional.empty();
        var text = ClaimJournal.Claim.sha256(row.text());
        return unmatched.stream().filter(c -> !row.createdAt().isBefore(c.claimedAt())
                        && row.createdAt().isBefore(c.claimedAt().plus(KEPT))
                        && Objects.equals(c.channel(), conversation.channel())
                && Objects.equals(c.conversationKey(), conversation.key()) && Objects.equals(c.purpose(), row.purpose())
                && Objects.equals(c.replyTo(), row.replyTo()) && (row.replyTo() != null || c.textSha256().equals(text)))
                .findFirst();
    }

    /** {@code claim} has been matched by a row whose outcome is committed: it matches nothing more. */
    public synchronized void settle(ClaimJournal.Claim claim) {
        unmatched.remove(claim);
    }

    /** Forgets the claims made before {@code now} minus {@link #KEPT}: no row made now may match them. */
    public synchronized void forgetOlderThanKept(Instant now) {
        unmatched.removeIf(c -> c.claimedAt().isBefore(now.minus(KEPT)));
    }

    /** The claims no row has matched yet (kept in the journal when the store is closed cleanly). */
    public synchronized List<ClaimJournal.Claim> unmatched() {
        return List.copyOf(unmatched);
    }
}
