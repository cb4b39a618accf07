package dev.parley.adapter.memory;

import dev.parley.domain.safety.SafetyDecisionRow;
import dev.parley.domain.message.MessageSafety;
import dev.parley.application.store.SafetyDecisions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Decisions grouped by conversation and by contact; the operator's side of a message kept under its id. */
final class InMemorySafetyDecisions implements SafetyDecisions {
    private final Table<SafetyDecisionRow> table;
    private final Table<MessageSafety> messageSafety;
    private final GroupIndex<Long, SafetyDecisionRow> byConversation;
    private final GroupIndex<Long, SafetyDecisionRow> byContact;
    private final InMemoryConversations conversations;
    private final InMemoryContacts contacts;
    private final InMemoryMessages messages;

    InMemorySafetyDecisions(UndoLog undo, InMemoryConversations conversations, InMemoryContacts contacts,
                            InMemoryMessages messages) {
        this.conversations = conversations;
        this.contacts = contacts;
        this.messages = messages;
        table = new Table<>("safety decision", undo);
        messageSafety = new Table<>("message safety", undo);
        byConversation = table.index(new GroupIndex<>(SafetyDecisionRow::conversationId));
        byContact = table.index(new GroupIndex<>(SafetyDecisionRow::contactId));
    }

    @Override
    public long record(SafetyDecisionRow r) {
        Objects.requireNonNull(r.traceId(), "trace_id");
        Objects.requireNonNull(r.decidedAt(), "decided_at");
        ForeignKeys.require(conversations.table, r.conversationId(), "safety_decisions.conversation_id");
        ForeignKeys.require(contacts.table, r.contactId(), "safety_decisions.contact_id");
        ForeignKeys.require(messages.table, r.messageId(), "safety_decisions.message_id");
        long id = table.nextId();
        table.put(id, new SafetyDecisionRow(id, r.traceId(), r.conversationId(), r.contactId(), r.messageId(), r.outboxId(),
                r.direction(), r.decision(), r.riskLevel(), r.riskCategories(), r.scores(), r.enforcementReason(),
                r.policyVersion(), r.contentSha256(), r.failSafe(), StoredTime.of(r.delayUntil()),
                StoredTime.of(r.decidedAt())));
        return id;
    }

    @Override
    public Optional<SafetyDecisionRow> find(long id) {
        return Optional.ofNullable(table.get(id));
    }

    @Override
    public List<SafetyDecisionRow> ofConversation(long conversationId) {
        table.guard();
        return List.copyOf(byConversation.of(conversationId));
    }

    @Override
    public Optional<SafetyDecisionRow> ofMessage(long messageId) {
        return latest(r -> r.messageId() != null && r.messageId() == messageId);
    }

    @Override
    public Optional<SafetyDecisionRow> ofOutbox(long outboxId) {
        return latest(r -> r.outboxId() != null && r.outboxId() == outboxId);
    }

    private Optional<SafetyDecisionRow> latest(java.util.function.Predicate<SafetyDecisionRow> match) {
        var found = new SafetyDecisionRow[1];
        table.forEachNewestFirst(r -> {
            if (!match.test(r)) return true;
            found[0] = r;
            return false;
        });
        return Optional.ofNullable(found[0]);
    }

    @Override
    public int countOfContact(long contactId, String direction, Instant from, Instant to) {
        table.guard();
        var f = StoredTime.of(from);
        var t = StoredTime.of(to);
        int n = 0;
        for (var r : byContact.of(contactId)) {
            if (r.direction().equals(direction) && !r.decidedAt().isBefore(f) && r.decidedAt().isBefore(t)) n++;
        }
        return n;
    }

    @Override
    public int countInboundOfPlaybook(String playbook, Instant from, Instant to) {
        var f = StoredTime.of(from);
        var t = StoredTime.of(to);
        int[] n = {0};
        table.forEach(r -> {
            if (r.direction().equals("inbound") && !r.decidedAt().isBefore(f) && r.decidedAt().isBefore(t)
                    && playbook.equals(conversations.table.require(r.conversationId()).playbook())) {
                n[0]++;
            }
        });
        return n[0];
    }

    @Override
    public boolean anyOfContactBefore(long contactId, Instant before) {
        table.guard();
        var b = StoredTime.of(before);
        for (var r : byContact.of(contactId)) {
            if (r.decidedAt().isBefore(b)) return true;
        }
        return false;
    }

    @Override
    public List<String> recentRiskLevels(long conversationId, String direction, int limit) {
        table.guard();
        var all = new ArrayList<>(byConversation.of(conversationId));
        var out = new ArrayList<String>();
        for (int i = all.size() - 1; i >= 0 && out.size() < limit; i--) {
            if (all.get(i).direction().equals(direction)) out.add(all.get(i).riskLevel());
        }
        Collections.reverse(out);
        return out;
    }

    @Override
    public void keep(MessageSafety safety) {
        Objects.requireNonNull(safety.safeOutputJson(), "safe_output");
        ForeignKeys.require(messages.table, safety.messageId(), "message_safety.message_id");
        ForeignKeys.require(table, safety.decisionId(), "message_safety.decision_id");
        messageSafety.put(safety.messageId(), new MessageSafety(safety.messageId(), safety.decisionId(), safety.inboxId(),
                safety.decision(), safety.safeOutputJson(), safety.originalText(), StoredTime.of(safety.releasedAt()),
                safety.releasedBy()));
    }

    @Override
    public Optional<MessageSafety> ofMessageSafety(long messageId) {
        return Optional.ofNullable(messageSafety.get(messageId));
    }

    @Override
    public List<MessageSafety> messageSafetyOfConversation(long conversationId) {
        var out = new ArrayList<MessageSafety>();
        messageSafety.forEach(s -> {
            if (messages.table.require(s.messageId()).conversationId() == conversationId) out.add(s);
        });
        return out;
    }

    @Override
    public boolean releasedBetween(long conversationId, Instant from, Instant to) {
        var f = StoredTime.of(from);
        var t = StoredTime.of(to);
        boolean[] found = {false};
        messageSafety.forEach(s -> {
            if (s.releasedAt() != null && !s.releasedAt().isBefore(f) && s.releasedAt().isBefore(t)
                    && messages.table.require(s.messageId()).conversationId() == conversationId) {
                found[0] = true;
            }
        });
        return found[0];
    }

    @Override
    public void released(long messageId, String actor, Instant at) {
        var s = messageSafety.require(messageId);
        messageSafety.put(messageId, new MessageSafety(messageId, s.decisionId(), s.inboxId(), s.decision(), s.safeOutputJson(),
                s.originalText(), StoredTime.of(at), actor));
    }

    /** Deletes the decisions of conversation {@code conversationId} and the safety rows of its messages. */
    void forgetConversation(long conversationId, List<Long> messageIds) {
        for (long id : byConversation.idsOf(conversationId)) table.delete(id);
        for (long id : messageIds) messageSafety.delete(id);
    }
}
