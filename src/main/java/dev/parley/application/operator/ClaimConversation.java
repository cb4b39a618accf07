package dev.parley.application.operator;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.store.Transactions;
import dev.parley.domain.conversation.ConversationClaim;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

/**
 * An operator claims a conversation ("assign to me") or releases it, so that two operators of a team do not answer
 * the same person (docs/team.md). Taking over another operator's claim, or releasing it, must be asked for
 * explicitly; every claim and release is audited and published (other processes' consoles see it live).
 */
public final class ClaimConversation {
    private final Transactions transactions;
    private final Clock clock;
    private final PipelineEvents events;

    public ClaimConversation(Transactions transactions, Clock clock, PipelineEvents events) {
        this.transactions = transactions;
        this.clock = clock;
        this.events = events;
    }

    /** Who holds the conversation, if anyone. */
    public Optional<ConversationClaim> holder(long conversationId) {
        return transactions.onConversation(conversationId, store -> {
            store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            return store.claims().of(conversationId);
        });
    }

    /**
     * Claims the conversation for {@code actor}; a claim by someone else is taken over only with {@code takeOver}
     * (else {@link ClaimedByOtherException}). Claiming one's own conversation again changes nothing.
     */
    public ConversationClaim claim(long conversationId, String actor, boolean takeOver) {
        var who = Require.actor(actor);
        var result = transactions.onConversation(conversationId, store -> {
            store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            var current = store.claims().of(conversationId);
            if (current.isPresent() && current.get().operator().equals(who)) return current.get();
            if (current.isPresent() && !takeOver) {
                throw new ClaimedByOtherException(conversationId, current.get().operator());
            }
            var now = clock.instant();
            store.claims().claim(conversationId, who, now);
            var detail = new LinkedHashMap<String, Object>();
            current.ifPresent(c -> detail.put("taken_over_from", c.operator()));
            store.audit().record(who, "claim", "conversation", conversationId, JsonDocuments.write(detail), now);
            return store.claims().of(conversationId).orElseThrow();
        });
        events.publish(List.of(new PipelineEvent.OperatorActed(conversationId, "claim", who)));
        return result;
    }

    /**
     * Releases the conversation; another operator's claim only with {@code force}. Returns false when it was not
     * claimed.
     */
    public boolean release(long conversationId, String actor, boolean force) {
        var who = Require.actor(actor);
        boolean released = transactions.onConversation(conversationId, store -> {
            store.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            var current = store.claims().of(conversationId);
            if (current.isEmpty()) return false;
            if (!current.get().operator().equals(who) && !force) {
                throw new ClaimedByOtherException(conversationId, current.get().operator());
            }
            store.claims().release(conversationId);
            var detail = new LinkedHashMap<String, Object>();
            detail.put("claimed_by", current.get().operator());
            store.audit().record(who, "release", "conversation", conversationId, JsonDocuments.write(detail),
                    clock.instant());
            return true;
        });
        if (released) events.publish(List.of(new PipelineEvent.OperatorActed(conversationId, "release", who)));
        return released;
    }
}
