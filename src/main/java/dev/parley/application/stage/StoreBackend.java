package dev.parley.application.stage;

import dev.parley.application.playbook.Effect;
import dev.parley.application.playbook.SessionBackend;
import dev.parley.application.playbook.SlowCalls;
import dev.parley.application.store.Store;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.SignupToken;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.LearnedAnswer;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.conversation.ConversationTask;
import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.embedding.Embedding;
import dev.parley.domain.escalation.EscalationThread;
import dev.parley.domain.message.ChatRow;
import dev.parley.domain.message.Message;
import dev.parley.domain.message.MessageSafety;
import dev.parley.domain.message.OutboxEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Commit stage's backend: reads the unit of work's transaction and writes each {@link Effect} into it, the only
 * place effects become rows. Work an effect defers until after the commit ({@link Effect.AfterCommit}) is collected
 * for the After-commit stage ({@link #afterCommit()}).
 */
public final class StoreBackend implements SessionBackend {
    private final Store store;
    private final SlowCalls slow;
    private final List<Effect.AfterCommit> afterCommit = new ArrayList<>();

    public StoreBackend(Store store, SlowCalls slow) {
        this.store = store;
        this.slow = slow;
    }

    @Override
    public SlowCalls slow() {
        return slow;
    }

    /** The work to run once the transaction has committed, in the order it was asked for. */
    public List<Effect.AfterCommit> afterCommit() {
        return List.copyOf(afterCommit);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R apply(Effect<R> effect) {
        return (R) write(effect);
    }

    private Object write(Effect<?> effect) {
        switch (effect) {
            case Effect.MoveTo m -> {
                store.conversations().setState(m.conversationId(), m.to(), m.at());
                store.timeline().append(m.conversationId(), "transition", m.from(), m.to(), m.trigger(),
                        m.detailJson(), m.actor(), m.at());
            }
            case Effect.AppendTimeline t -> store.timeline().append(t.conversationId(), t.type(), t.fromState(),
                    t.toState(), t.trigger(), t.detailJson(), t.actor(), t.at());
            case Effect.QueueMessage q -> {
                return store.outbox().enqueue(q.conversationId(), q.contactId(), q.cause(), q.purpose(), q.text(),
                        q.replyTo(), q.status(), q.reason(), q.operatorExplicit(), q.actor(), q.at());
            }
            case Effect.HoldPendingOfContact h -> {
                return store.outbox().holdPendingOfContact(h.contactId(), h.reason());
            }
            case Effect.MarkOutbox m -> store.outbox().mark(m.outboxId(), m.status(), m.reason());
            case Effect.RewriteOutbox r -> store.outbox().rewrite(r.outboxId(), r.text());
            case Effect.DelayOutbox d -> store.outbox().markRetry(d.outboxId(), d.attempts(), d.reason(), d.until());
            case Effect.SetContactStatus s -> store.contacts().setStatus(s.contactId(), s.status(), s.since(),
                    s.reason(), s.by());
            case Effect.SetAutomation a -> store.conversations().setAutomation(a.conversationId(), a.paused(),
                    a.criticalAlertTags(), a.at());
            case Effect.RaiseAlert a -> {
                return store.alerts().raise(a.conversationId(), a.contactId(), a.messageId(), a.severity(),
                        a.categories(), a.patternIds(), a.source(), a.reasonsJson(), a.at());
            }
            case Effect.SetAlertStatus s -> store.alerts().setStatus(s.alertId(), s.status(), s.by(), s.at());
            case Effect.AddTask t -> {
                return store.tasks().add(t.conversationId(), t.messageId(), t.text(), t.kind(), t.at());
            }
            case Effect.ScheduleJob j -> {
                return store.jobs().schedule(j.kind(), j.conversationId(), j.trigger(), j.state(), j.dueAt(), j.at());
            }
            case Effect.CancelJobs c -> {
                return store.jobs().cancelPending(c.conversationId(), c.kind(), c.at());
            }
            case Effect.MarkJobDone d -> store.jobs().markDone(d.jobId(), d.at());
            case Effect.SetMessageData d -> store.messages().setData(d.messageId(), d.dataJson());
            case Effect.SetMessageStatus s -> store.messages().setStatus(s.messageId(), s.status());
            case Effect.StoreEmbedding e -> {
                if (e.added()) store.embeddings().add(e.messageId(), e.embedding());
                else store.embeddings().put(e.messageId(), e.embedding());
            }
            case Effect.MarkReleased r -> store.safetyDecisions().released(r.messageId(), r.actor(), r.at());
            case Effect.KeepMessageSafety k -> store.safetyDecisions().keep(k.safety());
            case Effect.RecordSafetyDecision r -> {
                return store.safetyDecisions().record(r.row());
            }
            case Effect.SaveBuyerState s -> store.buyerStates().save(s.state());
            case Effect.CreateEngagement c -> {
                return store.engagements().create(c.engagement());
            }
            case Effect.UpdateEngagement u -> store.engagements().update(u.engagement());
            case Effect.OpenEscalation o -> {
                return store.escalations().open(o.thread());
            }
            case Effect.UpdateEscalation u -> store.escalations().update(u.thread());
            case Effect.IssueSignupToken i -> {
                return store.signupTokens().create(i.token());
            }
            case Effect.UpdateSignupToken u -> store.signupTokens().update(u.token());
            case Effect.LearnAnswer l -> {
                return store.catalog().learn(l.answer());
            }
            case Effect.AfterCommit a -> afterCommit.add(a);
        }
        return null;
    }

    // --- reads: the transaction's ---

    @Override
    public Optional<Conversation> conversation(long id) {
        return store.conversations().find(id);
    }

    @Override
    public Optional<Conversation> conversationByKey(String channel, String key) {
        return store.conversations().findByKey(channel, key);
    }

    @Override
    public Optional<Contact> contact(long id) {
        return store.contacts().find(id);
    }

    @Override
    public List<Message> messages(long conversationId) {
        return store.messages().ofConversation(conversationId);
    }

    @Override
    public Optional<Message> message(long id) {
        return store.messages().find(id);
    }

    @Override
    public List<TimelineEvent> timeline(long conversationId) {
        return store.timeline().ofConversation(conversationId);
    }

    @Override
    public List<ConversationTask> tasks(long conversationId) {
        return store.tasks().ofConversation(conversationId);
    }

    @Override
    public List<ConversationAlert> alerts(long conversationId) {
        return store.alerts().ofConversation(conversationId);
    }

    @Override
    public List<OutboxEntry> outbox(long conversationId) {
        return store.outbox().ofConversation(conversationId);
    }

    @Override
    public List<ScheduledJob> pendingJobs(long conversationId) {
        return store.jobs().pendingOf(conversationId);
    }

    @Override
    public Optional<BuyerState> buyerState(long conversationId) {
        return store.buyerStates().find(conversationId);
    }

    @Override
    public Optional<Engagement> engagement(long id) {
        return store.engagements().find(id);
    }

    @Override
    public Optional<EscalationThread> escalation(long id) {
        return store.escalations().find(id);
    }

    @Override
    public List<EscalationThread> escalations(long conversationId) {
        return store.escalations().ofConversation(conversationId);
    }

    @Override
    public List<SignupToken> signupTokens(long conversationId) {
        return store.signupTokens().ofConversation(conversationId);
    }

    @Override
    public Optional<SignupToken> signupToken(String token) {
        return store.signupTokens().findByToken(token);
    }

    @Override
    public List<Property> properties() {
        return store.catalog().properties();
    }

    @Override
    public Optional<Property> property(long id) {
        return store.catalog().property(id);
    }

    @Override
    public Optional<Property> propertyOfSupplier(String phone) {
        return store.catalog().propertyOfSupplier(phone);
    }

    @Override
    public Optional<CatalogEntry> catalogEntry(long listingId) {
        return store.catalog().entry(listingId);
    }

    @Override
    public List<CatalogEntry> activeCatalogEntries() {
        return store.catalog().activeEntries();
    }

    @Override
    public List<LearnedAnswer> learnedAnswers(Long propertyId) {
        return store.catalog().learnedAnswers(propertyId);
    }

    @Override
    public Optional<ChatRow> chatMessage(long messageId) {
        return store.chatMessages().find(messageId);
    }

    @Override
    public List<ChatRow> chatBefore(long conversationId, long messageId, int limit) {
        return store.chatMessages().before(conversationId, messageId, limit);
    }

    @Override
    public Optional<ChatRow> chatByProviderId(long conversationId, String providerId) {
        return store.chatMessages().byProviderId(conversationId, providerId);
    }

    @Override
    public Optional<String> channelState(String channel, String name) {
        return store.channelState().get(channel, name);
    }

    @Override
    public Map<Long, Embedding> embeddings(Collection<Long> messageIds, String model) {
        return store.embeddings().ofMessages(messageIds, model);
    }

    @Override
    public int decisionsOfContact(long contactId, String direction, Instant from, Instant to) {
        return store.safetyDecisions().countOfContact(contactId, direction, from, to);
    }

    @Override
    public int inboundDecisionsOfPlaybook(String playbook, Instant from, Instant to) {
        return store.safetyDecisions().countInboundOfPlaybook(playbook, from, to);
    }

    @Override
    public boolean anyDecisionOfContactBefore(long contactId, Instant before) {
        return store.safetyDecisions().anyOfContactBefore(contactId, before);
    }

    @Override
    public List<String> recentRiskLevels(long conversationId, String direction, int limit) {
        return store.safetyDecisions().recentRiskLevels(conversationId, direction, limit);
    }

    @Override
    public boolean heldMessageReleasedBetween(long conversationId, Instant from, Instant to) {
        return store.safetyDecisions().releasedBetween(conversationId, from, to);
    }

    @Override
    public Optional<MessageSafety> messageSafety(long messageId) {
        return store.safetyDecisions().ofMessageSafety(messageId);
    }
}
