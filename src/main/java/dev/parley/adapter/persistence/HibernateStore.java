package dev.parley.adapter.persistence;

import dev.parley.application.store.*;
import org.hibernate.Session;

/** The repositories of one Hibernate session (one transaction). */
final class HibernateStore implements Store {
    private final Session session;
    private final ReadModelChanges changes = new ReadModelChanges();
    private final StoreDialect dialect;
    private final StoreProcess process;

    HibernateStore(Session session, StoreDialect dialect, StoreProcess process) {
        this.session = session;
        this.dialect = dialect;
        this.process = process;
    }

    /** Brings the console's read model up to date with this unit of work, before it commits. */
    void beforeCommit() {
        if (changes.isEmpty()) return;
        session.flush();
        session.doWork(changes::apply);
    }

    @Override public Contacts contacts() { return new HibernateContacts(session); }
    @Override public Conversations conversations() { return new HibernateConversations(session, changes); }
    @Override public Messages messages() { return new HibernateMessages(session, changes); }
    @Override public Timeline timeline() { return new HibernateTimeline(session); }
    @Override public Inbox inbox() { return new HibernateInbox(session, dialect); }
    @Override public Outbox outbox() { return new HibernateOutbox(session, dialect, process); }
    @Override public Alerts alerts() { return new HibernateAlerts(session, changes); }
    @Override public ScheduledJobs jobs() { return new HibernateScheduledJobs(session, dialect); }
    @Override public AuditLog audit() { return new HibernateAuditLog(session); }
    @Override public Tasks tasks() { return new HibernateTasks(session); }
    @Override public Catalog catalog() { return new HibernateCatalog(session); }
    @Override public BuyerStates buyerStates() { return new HibernateBuyerStates(session); }
    @Override public Escalations escalations() { return new HibernateEscalations(session); }
    @Override public Embeddings embeddings() { return new HibernateEmbeddings(session); }
    @Override public Engagements engagements() { return new HibernateEngagements(session); }
    @Override public SignupTokens signupTokens() { return new HibernateSignupTokens(session); }
    @Override public EventReceipts eventReceipts() { return new HibernateEventReceipts(session); }
    @Override public ConversationClaims claims() { return new HibernateConversationClaims(session); }
    @Override public ChatMessages chatMessages() { return new HibernateChatMessages(session); }
    @Override public ChannelState channelState() { return new HibernateChannelState(session); }
    @Override public SafetyDecisions safetyDecisions() { return new HibernateSafetyDecisions(session); }
}
