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

    Embeddings embeddings();

    ChatMessages chatMessages();

    ChannelState channelState();
}
