package dev.parley.application.escalation;

import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.DeliverExternalEvent;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.escalation.EscalationStatus;
import dev.parley.domain.escalation.EscalationThread;
import dev.parley.domain.message.Direction;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Seed 003's Reply Tool as a use case, for the page at the tokenised URL and for the console: the case (details,
 * recent messages, what a reply may do now) and the team's answer, which goes to the conversation's playbook as the
 * {@code ops_answer} event (Polisher → Gatekeeper → outbox → caches, in one transaction, audited).
 */
public final class ReplyTool {
    /** Messages of the conversation the case shows. */
    public static final int RECENT = 8;
    public static final String ANSWER_EVENT = "ops_answer";

    private final Transactions transactions;
    private final DeliverExternalEvent events;
    private final Clock clock;

    public ReplyTool(Transactions transactions, DeliverExternalEvent events, Clock clock) {
        this.transactions = transactions;
        this.events = events;
        this.clock = clock;
    }

    /** The case behind a Reply Tool link; NotFound for a token that names no escalation. */
    public EscalationCase byToken(String token) {
        if (!ReplyLinks.wellFormed(token)) throw new NotFoundException("no such reply link");
        return transactions.inTransaction(s -> s.escalations().findByToken(token).map(t -> describe(s, t))
                .orElseThrow(() -> new NotFoundException("no such reply link")));
    }

    public EscalationCase byId(long id) {
        return transactions.inTransaction(s -> s.escalations().find(id).map(t -> describe(s, t))
                .orElseThrow(() -> new NotFoundException("escalation " + id)));
    }

    /** Pending escalations, earliest SLA deadline first, then recently closed ones. */
    public List<EscalationCase> queue(int limit) {
        return transactions.inTransaction(s -> {
            var out = new ArrayList<EscalationCase>();
            for (var t : s.escalations().pending(limit)) out.add(describe(s, t));
            for (var t : s.escalations().closed(limit)) out.add(describe(s, t));
            return out;
        });
    }

    /** Answers through a Reply Tool link. */
    public void answerByToken(String token, String answer, String by, boolean allProperties, Integer round) {
        var c = byToken(token);
        answer(c, answer, by, allProperties, round);
    }

    /** Answers from the console. */
    public void answerById(long id, String answer, String by, boolean allProperties, Integer round) {
        answer(byId(id), answer, by, allProperties, round);
    }

    private void answer(EscalationCase c, String answer, String by, boolean allProperties, Integer round) {
        switch (c.acceptance()) {
            case EXPIRED -> throw new ConflictException("this question expired; the buyer was not sent anything");
            case CLOSED -> throw new ConflictException("this question was answered and its follow-up window closed");
            case OPTED_OUT -> throw new ConflictException("the buyer opted out; nothing can be sent");
            default -> { }
        }
        if (round != null && round != c.round()) throw new ConflictException("this reply was already submitted");
        if (answer == null || answer.isBlank()) throw new InvalidRequestException("answer", "write an answer");
        var who = by == null || by.isBlank() ? null : by.strip();
        if (who != null && who.length() > 255) throw new InvalidRequestException("by", "at most 255 characters");
        var data = new LinkedHashMap<String, Object>();
        data.put("escalation", c.thread().id());
        data.put("answer", answer.strip());
        if (who != null) data.put("by", who);
        data.put("all_properties", allProperties);
        data.put("round", c.round());
        events.deliver(c.conversationId(), ANSWER_EVENT, data, who == null ? "reply-tool" : who);
    }

    private EscalationCase describe(Store s, EscalationThread t) {
        var now = clock.instant();
        var conversation = s.conversations().find(t.conversationId()).orElseThrow();
        var contact = s.contacts().find(conversation.contactId()).orElseThrow();
        var property = t.propertyId() == null ? null : s.catalog().property(t.propertyId()).orElse(null);
        var messages = s.messages().ofConversation(conversation.id());
        var recent = new ArrayList<EscalationCase.Line>();
        for (var m : messages.subList(Math.max(0, messages.size() - RECENT), messages.size())) {
            recent.add(new EscalationCase.Line(m.direction() == Direction.IN ? "buyer" : "agent",
                    m.receivedAt() != null ? m.receivedAt() : m.sentAt(), m.text()));
        }
        EscalationCase.Acceptance acceptance;
        java.time.Instant until = null;
        if (contact.status() == ContactStatus.OPTED_OUT) {
            acceptance = EscalationCase.Acceptance.OPTED_OUT;
        } else if (t.status() == EscalationStatus.EXPIRED
                || t.status() == EscalationStatus.PENDING && now.isAfter(t.expiresAt())) {
            acceptance = EscalationCase.Acceptance.EXPIRED;
        } else if (t.status() == EscalationStatus.PENDING) {
            acceptance = EscalationCase.Acceptance.ANSWER;
            until = t.expiresAt();
        } else if (t.followupWindowUntil() != null && !now.isAfter(t.followupWindowUntil())) {
            acceptance = EscalationCase.Acceptance.FOLLOW_UP;
            until = t.followupWindowUntil();
        } else {
            acceptance = EscalationCase.Acceptance.CLOSED;
        }
        return new EscalationCase(t, property == null ? null : property.ref(), property == null ? null
                : property.name(), property == null ? null : property.city(), masked(contact.address()),
                conversation.key(), conversation.id(), conversation.state(), recent, acceptance, t.replies(), until);
    }

    /** "+13135550101" → "•••• 0101": the team needs to tell buyers apart, not their numbers. */
    static String masked(String address) {
        if (address == null || address.length() <= 4) return "••••";
        return "•••• " + address.substring(address.length() - 4);
    }
}
