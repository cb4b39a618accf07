package dev.parley.application.store;

/** The repositories visible inside one transaction. */
public interface Store {
    Contacts contacts();

    Conversations conversations();

    Messages messages();

    Timeline timeline();

    Inbox inbox();

    Outbox outbox();

    Alerts alerts();

    ScheduledJobs jobs();

    AuditLog audit();

    Tasks tasks();

    Catalog catalog();

    BuyerStates buyerStates();

    Escalations escalations();
    Embeddings embeddings();

    Engagements engagements();

    SignupTokens signupTokens();

    EventReceipts eventReceipts();
    ChatMessages chatMessages();

    ChannelState channelState();

    /** Operators' claims on conversations (team mode). */
    ConversationClaims claims();

    /** The safety validator's decisions on messages (seed 002). */
    SafetyDecisions safetyDecisions();
}
