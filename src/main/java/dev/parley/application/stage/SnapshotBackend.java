package dev.parley.application.stage;

import dev.parley.application.playbook.Effect;
import dev.parley.application.playbook.SessionBackend;
import dev.parley.application.playbook.SlowCalls;
import dev.parley.application.store.Transactions;
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
import dev.parley.domain.message.ChatMeta;
import dev.parley.domain.message.ChatRow;
import dev.parley.domain.message.Message;
import dev.parley.domain.message.MessageSafety;
import dev.parley.domain.message.OutboxEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The Prepare stage's backend: a dry run of a decider, so that its slow calls are made with no transaction open.
 * Each read is a short read-only transaction of its own (no writer, nothing held while a model answers); each effect
 * is only noted, into an overlay that later reads of the same dry run see where a decider commonly reads back what it
 * just changed (the conversation's state and automation, the contact's status, the buyer's rows, the message being
 * processed). What the overlay does not cover reads as before the dry run: a dry run only has to ask the same slow
 * calls as the Commit stage will, and when it does not, the Commit stage asks Prepare for the one it missed
 * ({@link SlowCalls.Unprepared}). Rows a dry run creates get provisional ids (negative; the message being processed
 * {@link #PENDING_MESSAGE_ID}, after every stored one).
 */
public final class SnapshotBackend implements SessionBackend {
    /** The provisional id of the message being processed: above every stored id, so "before it" reads the latest. */
    public static final long PENDING_MESSAGE_ID = Long.MAX_VALUE - 1;

    private final Transactions transactions;
    private final SlowCalls slow;
    private long provisional = 0;
    private final Map<Long, Conversation> conversations = new HashMap<>();
    private final Map<Long, Contact> contacts = new HashMap<>();
    private final Map<Long, Message> pending = new LinkedHashMap<>();
    private final Map<Long, ChatMeta> pendingChat = new HashMap<>();
    private final Map<Long, String> statuses = new HashMap<>();
    private final Map<Long, Embedding> embeddings = new HashMap<>();
    private final Map<Long, BuyerState> buyerStates = new HashMap<>();
    private final Map<Long, Engagement> engagements = new LinkedHashMap<>();
    private final Map<Long, EscalationThread> escalations = new LinkedHashMap<>();
    private final Map<Long, SignupToken> tokens = new LinkedHashMap<>();

    public SnapshotBackend(Transactions transactions, SlowCalls slow) {
        this.transactions = transactions;
        this.slow = slow;
    }

    @Override
    public SlowCalls slow() {
        return slow;
    }

    // --- what the unit of work itself adds before its decider runs ---

    /** A conversation that the unit of work will create (or has read): what the dry run starts from. */
    public SnapshotBackend with(Conversation conversation) {
        conversations.put(conversation.id(), conversation);
        return this;
    }

    public SnapshotBackend with(Contact contact) {
        contacts.put(contact.id(), contact);
        return this;
    }

    /** The message being processed, as the Commit stage will store it (with its group details, if any). */
    public SnapshotBackend withPending(Message message, ChatMeta chat) {
        pending.put(message.id(), message);
        if (chat != null) pendingChat.put(message.id(), chat);
        return this;
    }

    private long nextId() {
        return --provisional;
    }

    private <T> T read(Function<StoreBackend, T> query) {
        return transactions.inTransaction(store -> query.apply(new StoreBackend(store, SlowCalls.DIRECT)));
    }

    // --- effects: noted ---

    @Override
    @SuppressWarnings("unchecked")
    public <R> R apply(Effect<R> effect) {
        return (R) note(effect);
    }

    private Object note(Effect<?> effect) {
        switch (effect) {
            case Effect.MoveTo m -> conversation(m.conversationId()).ifPresent(c -> conversations.put(c.id(),
                    new Conversation(c.id(), c.channel(), c.key(), c.playbook(), m.to(), c.contactId(),
                            c.automationPaused(), c.criticalAlertTags(), c.createdAt(), m.at(), c.version())));
            case Effect.SetAutomation a -> conversation(a.conversationId()).ifPresent(c -> conversations.put(c.id(),
                    new Conversation(c.id(), c.channel(), c.key(), c.playbook(), c.state(), c.contactId(), a.paused(),
                            a.criticalAlertTags(), c.createdAt(), a.at(), c.version())));
            case Effect.SetContactStatus s -> contact(s.contactId()).ifPresent(c -> contacts.put(c.id(),
                    new Contact(c.id(), c.channel(), c.address(), c.displayName(), s.status(), s.since(), s.reason(),
                            s.by(), c.timeZone())));
            case Effect.QueueMessage q -> {
                return Optional.of(new OutboxEntry(nextId(), q.conversationId(), q.contactId(), q.cause(),
                        q.purpose(), q.text(), q.status(), q.reason(), 0, q.at(), q.operatorExplicit(), q.actor(),
                        q.at(), null, q.replyTo(), null));
            }
            case Effect.HoldPendingOfContact h -> {
                return List.of();
            }
            case Effect.RaiseAlert a -> {
                return nextId();
            }
            case Effect.AddTask t -> {
                return nextId();
            }
            case Effect.ScheduleJob j -> {
                return nextId();
            }
            case Effect.CancelJobs c -> {
                return 0;
            }
            case Effect.RecordSafetyDecision r -> {
                return nextId();
            }
            case Effect.LearnAnswer l -> {
                return nextId();
            }
            case Effect.SetMessageData d -> {
                var m = pending.get(d.messageId());
                if (m != null) pending.put(m.id(), new Message(m.id(), m.conversationId(), m.direction(),
                        m.providerId(), m.text(), m.replyTo(), m.sentAt(), m.receivedAt(), m.status(), d.dataJson()));
            }
            case Effect.SetMessageStatus s -> {
                var m = pending.get(s.messageId());
                if (m != null) pending.put(m.id(), withStatus(m, s.status()));
                else statuses.put(s.messageId(), s.status());
            }
            case Effect.StoreEmbedding e -> embeddings.put(e.messageId(), e.embedding());
            case Effect.SaveBuyerState s -> buyerStates.put(s.state().conversationId(), s.state());
            case Effect.CreateEngagement c -> {
                var b = c.engagement().edit();
                b.id = nextId();
                var created = b.build();
                engagements.put(created.id(), created);
                return created;
            }
            case Effect.UpdateEngagement u -> engagements.put(u.engagement().id(), u.engagement());
            case Effect.OpenEscalation o -> {
                var b = o.thread().edit();
                b.id = nextId();
                var opened = b.build();
                escalations.put(opened.id(), opened);
                return opened;
            }
            case Effect.UpdateEscalation u -> escalations.put(u.thread().id(), u.thread());
            case Effect.IssueSignupToken i -> {
                var t = i.token();
                var issued = new SignupToken(nextId(), t.token(), t.conversationId(), t.contactId(), t.engagementId(),
                        t.propertyId(), t.action(), t.buyerName(), t.buyerEmail(), t.used(), t.usedAt(),
                        t.signedName(), t.expiresAt(), t.createdAt());
                tokens.put(issued.id(), issued);
                return issued;
            }
            case Effect.UpdateSignupToken u -> tokens.put(u.token().id(), u.token());
            case Effect.AppendTimeline t -> { }
            case Effect.MarkOutbox m -> { }
            case Effect.RewriteOutbox r -> { }
            case Effect.DelayOutbox d -> { }
            case Effect.SetAlertStatus s -> { }
            case Effect.MarkJobDone d -> { }
            case Effect.KeepMessageSafety k -> { }
            case Effect.MarkReleased r -> { }
            case Effect.AfterCommit a -> { }
        }
        return null;
    }

    // --- reads: the overlay, else a short read of the store ---

    @Override
    public Optional<Conversation> conversation(long id) {
        var known = conversations.get(id);
        if (known != null || id < 0) return Optional.ofNullable(known);
        var read = read(r -> r.conversation(id));
        read.ifPresent(c -> conversations.put(c.id(), c));
        return read;
    }

    @Override
    public Optional<Conversation> conversationByKey(String channel, String key) {
        for (var c : conversations.values()) {
            if (c.channel().equals(channel) && c.key().equals(key)) return Optional.of(c);
        }
        return read(r -> r.conversationByKey(channel, key));
    }

    @Override
    public Optional<Contact> contact(long id) {
        var known = contacts.get(id);
        if (known != null || id < 0) return Optional.ofNullable(known);
        var read = read(r -> r.contact(id));
        read.ifPresent(c -> contacts.put(c.id(), c));
        return read;
    }

    private static Message withStatus(Message m, String status) {
        return new Message(m.id(), m.conversationId(), m.direction(), m.providerId(), m.text(), m.replyTo(),
                m.sentAt(), m.receivedAt(), status, m.dataJson());
    }

    /** A stored message with the status this dry run gave it (a held message released). */
    private Message noted(Message m) {
        var status = statuses.get(m.id());
        return status == null ? m : withStatus(m, status);
    }

    @Override
    public List<Message> messages(long conversationId) {
        var all = new ArrayList<Message>();
        if (conversationId >= 0) read(r -> r.messages(conversationId)).stream().map(this::noted).forEach(all::add);
        pending.values().stream().filter(m -> m.conversationId() == conversationId).forEach(all::add);
        return all;
    }

    @Override
    public Optional<Message> message(long id) {
        var m = pending.get(id);
        return m != null ? Optional.of(m) : id < 0 ? Optional.empty() : read(r -> r.message(id)).map(this::noted);
    }

    @Override
    public List<TimelineEvent> timeline(long conversationId) {
        return conversationId < 0 ? List.of() : read(r -> r.timeline(conversationId));
    }

    @Override
    public List<ConversationTask> tasks(long conversationId) {
        return conversationId < 0 ? List.of() : read(r -> r.tasks(conversationId));
    }

    @Override
    public List<ConversationAlert> alerts(long conversationId) {
        return conversationId < 0 ? List.of() : read(r -> r.alerts(conversationId));
    }

    @Override
    public List<OutboxEntry> outbox(long conversationId) {
        return conversationId < 0 ? List.of() : read(r -> r.outbox(conversationId));
    }

    @Override
    public List<ScheduledJob> pendingJobs(long conversationId) {
        return conversationId < 0 ? List.of() : read(r -> r.pendingJobs(conversationId));
    }

    @Override
    public Optional<BuyerState> buyerState(long conversationId) {
        if (buyerStates.containsKey(conversationId)) return Optional.of(buyerStates.get(conversationId));
        return conversationId < 0 ? Optional.empty() : read(r -> r.buyerState(conversationId));
    }

    @Override
    public Optional<Engagement> engagement(long id) {
        if (engagements.containsKey(id)) return Optional.of(engagements.get(id));
        return id < 0 ? Optional.empty() : read(r -> r.engagement(id));
    }

    @Override
    public Optional<EscalationThread> escalation(long id) {
        if (escalations.containsKey(id)) return Optional.of(escalations.get(id));
        return id < 0 ? Optional.empty() : read(r -> r.escalation(id));
    }

    @Override
    public List<EscalationThread> escalations(long conversationId) {
        var byId = new LinkedHashMap<Long, EscalationThread>();
        if (conversationId >= 0) read(r -> r.escalations(conversationId)).forEach(t -> byId.put(t.id(), t));
        escalations.values().stream().filter(t -> t.conversationId() == conversationId)
                .forEach(t -> byId.put(t.id(), t));
        return List.copyOf(byId.values());
    }

    @Override
    public List<SignupToken> signupTokens(long conversationId) {
        var byId = new LinkedHashMap<Long, SignupToken>();
        if (conversationId >= 0) read(r -> r.signupTokens(conversationId)).forEach(t -> byId.put(t.id(), t));
        tokens.values().stream().filter(t -> t.conversationId() == conversationId).forEach(t -> byId.put(t.id(), t));
        return List.copyOf(byId.values());
    }

    @Override
    public Optional<SignupToken> signupToken(String token) {
        for (var t : tokens.values()) {
            if (t.token().equals(token)) return Optional.of(t);
        }
        return read(r -> r.signupToken(token));
    }

    @Override
    public List<Property> properties() {
        return read(StoreBackend::properties);
    }

    @Override
    public Optional<Property> property(long id) {
        return read(r -> r.property(id));
    }

    @Override
    public Optional<Property> propertyOfSupplier(String phone) {
        return read(r -> r.propertyOfSupplier(phone));
    }

    @Override
    public Optional<CatalogEntry> catalogEntry(long listingId) {
        return read(r -> r.catalogEntry(listingId));
    }

    @Override
    public List<CatalogEntry> activeCatalogEntries() {
        return read(StoreBackend::activeCatalogEntries);
    }

    @Override
    public List<LearnedAnswer> learnedAnswers(Long propertyId) {
        return read(r -> r.learnedAnswers(propertyId));
    }

    @Override
    public Optional<ChatRow> chatMessage(long messageId) {
        var m = pending.get(messageId);
        if (m != null) return Optional.of(new ChatRow(m, pendingChat.get(messageId)));
        return messageId < 0 ? Optional.empty() : read(r -> r.chatMessage(messageId));
    }

    @Override
    public List<ChatRow> chatBefore(long conversationId, long messageId, int limit) {
        return conversationId < 0 ? List.of() : read(r -> r.chatBefore(conversationId, messageId, limit));
    }

    @Override
    public Optional<ChatRow> chatByProviderId(long conversationId, String providerId) {
        for (var m : pending.values()) {
            if (m.conversationId() == conversationId && providerId.equals(m.providerId())) {
                return Optional.of(new ChatRow(m, pendingChat.get(m.id())));
            }
        }
        return conversationId < 0 ? Optional.empty() : read(r -> r.chatByProviderId(conversationId, providerId));
    }

    @Override
    public Optional<String> channelState(String channel, String name) {
        return read(r -> r.channelState(channel, name));
    }

    @Override
    public Map<Long, Embedding> embeddings(Collection<Long> messageIds, String model) {
        var stored = new ArrayList<Long>();
        var found = new HashMap<Long, Embedding>();
        for (var id : messageIds) {
            var noted = embeddings.get(id);
            if (noted != null && model.equals(noted.model())) found.put(id, noted);
            else if (id >= 0 && id != PENDING_MESSAGE_ID) stored.add(id);
        }
        if (!stored.isEmpty()) found.putAll(read(r -> r.embeddings(stored, model)));
        return found;
    }

    @Override
    public int decisionsOfContact(long contactId, String direction, Instant from, Instant to) {
        return contactId < 0 ? 0 : read(r -> r.decisionsOfContact(contactId, direction, from, to));
    }

    @Override
    public int inboundDecisionsOfPlaybook(String playbook, Instant from, Instant to) {
        return read(r -> r.inboundDecisionsOfPlaybook(playbook, from, to));
    }

    @Override
    public boolean anyDecisionOfContactBefore(long contactId, Instant before) {
        return contactId >= 0 && read(r -> r.anyDecisionOfContactBefore(contactId, before));
    }

    @Override
    public List<String> recentRiskLevels(long conversationId, String direction, int limit) {
        return conversationId < 0 ? List.of() : read(r -> r.recentRiskLevels(conversationId, direction, limit));
    }

    @Override
    public boolean heldMessageReleasedBetween(long conversationId, Instant from, Instant to) {
        return conversationId >= 0 && read(r -> r.heldMessageReleasedBetween(conversationId, from, to));
    }

    @Override
    public Optional<MessageSafety> messageSafety(long messageId) {
        return messageId < 0 || pending.containsKey(messageId) ? Optional.empty()
                : read(r -> r.messageSafety(messageId));
    }
}
