package dev.parley.adapter.memory;

import dev.parley.application.store.*;

/** The repositories of the in-memory store; one set serves every transaction (they hold no per-call state). */
final class InMemoryStore implements Store {
    private final InMemoryContacts contacts;
    private final InMemoryConversations conversations;
    private final InMemoryMessages messages;
    private final InMemoryTimeline timeline;
    private final InMemoryInbox inbox;
    private final InMemoryOutbox outbox;
    private final InMemoryAlerts alerts;
    private final InMemoryScheduledJobs jobs;
    private final InMemoryAuditLog audit;
    private final InMemoryTasks tasks;
    private final InMemoryCatalog catalog;
    private final InMemoryBuyerStates buyerStates;
    private final InMemoryEscalations escalations;
    private final InMemoryEmbeddings embeddings;
    private final InMemoryEngagements engagements;
    private final InMemorySignupTokens signupTokens;
    private final InMemoryEventReceipts eventReceipts;
    private final InMemoryConversationClaims claims;
    private final InMemoryChatMessages chatMessages;
    private final InMemoryChannelState channelState;
    private final InMemorySafetyDecisions safetyDecisions;

    InMemoryStore(UndoLog undo) {
        contacts = new InMemoryContacts(undo);
        conversations = new InMemoryConversations(undo, contacts);
        messages = new InMemoryMessages(undo, conversations);
        timeline = new InMemoryTimeline(undo, conversations);
        inbox = new InMemoryInbox(undo);
        outbox = new InMemoryOutbox(undo, conversations, contacts);
        alerts = new InMemoryAlerts(undo, conversations, contacts, messages);
        jobs = new InMemoryScheduledJobs(undo, conversations);
        audit = new InMemoryAuditLog(undo);
        tasks = new InMemoryTasks(undo, conversations, messages);
        catalog = new InMemoryCatalog(undo);
        buyerStates = new InMemoryBuyerStates(undo, conversations);
        escalations = new InMemoryEscalations(undo, conversations, catalog);
        embeddings = new InMemoryEmbeddings(undo, messages);
        engagements = new InMemoryEngagements(undo, conversations, catalog);
        signupTokens = new InMemorySignupTokens(undo, conversations);
        eventReceipts = new InMemoryEventReceipts(undo, conversations);
        claims = new InMemoryConversationClaims(undo, conversations);
        chatMessages = new InMemoryChatMessages(undo, messages);
        channelState = new InMemoryChannelState(undo);
        safetyDecisions = new InMemorySafetyDecisions(undo, conversations, contacts, messages);
    }

    /**
     * Deletes conversation {@code id} and every row that belongs to it: its messages (with their vectors, chat
     * details and safety rows), timeline, outbox, alerts, jobs, tasks, safety decisions, audit entries and the
     * processed inbox rows of its key. Its contact stays. A later write that refers to it then fails its foreign key.
     */
    void forgetConversation(long id) {
        var conversation = conversations.table.get(id);
        if (conversation == null) return;
        var messageIds = messages.idsOf(id);
        safetyDecisions.forgetConversation(id, messageIds);
        embeddings.forgetMessages(messageIds);
        chatMessages.forgetMessages(messageIds);
        tasks.forgetConversation(id);
        alerts.forgetConversation(id);
        outbox.forgetConversation(id);
        jobs.forgetConversation(id);
        timeline.forgetConversation(id);
        audit.forgetTarget("conversation", id);
        inbox.forgetProcessed(conversation.channel(), conversation.key());
        messages.forgetConversation(id);
        conversations.table.delete(id);
    }

    @Override public Contacts contacts() { return contacts; }
    @Override public Conversations conversations() { return conversations; }
    @Override public Messages messages() { return messages; }
    @Override public Timeline timeline() { return timeline; }
    @Override public Inbox inbox() { return inbox; }
    @Override public Outbox outbox() { return outbox; }
    @Override public Alerts alerts() { return alerts; }
    @Override public ScheduledJobs jobs() { return jobs; }
    @Override public AuditLog audit() { return audit; }
    @Override public Tasks tasks() { return tasks; }
    @Override public Catalog catalog() { return catalog; }
    @Override public BuyerStates buyerStates() { return buyerStates; }
    @Override public Escalations escalations() { return escalations; }
    @Override public Embeddings embeddings() { return embeddings; }
    @Override public Engagements engagements() { return engagements; }
    @Override public SignupTokens signupTokens() { return signupTokens; }
    @Override public EventReceipts eventReceipts() { return eventReceipts; }
    @Override public ConversationClaims claims() { return claims; }
    @Override public ChatMessages chatMessages() { return chatMessages; }
    @Override public ChannelState channelState() { return channelState; }
    @Override public SafetyDecisions safetyDecisions() { return safetyDecisions; }
}
