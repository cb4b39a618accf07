package dev.parley.application.playbook;

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
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a decider (a playbook, the safety validator, context selection) may read: the conversation and what
 * belongs to it, the catalogue, the chat's stored messages, the validator's past decisions. Only reads: a decider
 * changes things by the {@link Effect}s its {@link ConversationSession} hands on. At Prepare it is a snapshot read
 * outside any transaction; at Commit the unit of work's own transaction.
 */
public interface ConversationReads {
    Optional<Conversation> conversation(long id);

    Optional<Conversation> conversationByKey(String channel, String key);

    Optional<Contact> contact(long id);

    /** The conversation's messages, oldest first (held ones included). */
    List<Message> messages(long conversationId);

    Optional<Message> message(long id);

    List<TimelineEvent> timeline(long conversationId);

    List<ConversationTask> tasks(long conversationId);

    List<ConversationAlert> alerts(long conversationId);

    List<OutboxEntry> outbox(long conversationId);

    List<ScheduledJob> pendingJobs(long conversationId);

    Optional<BuyerState> buyerState(long conversationId);

    Optional<Engagement> engagement(long id);

    Optional<EscalationThread> escalation(long id);

    List<EscalationThread> escalations(long conversationId);

    List<SignupToken> signupTokens(long conversationId);

    Optional<SignupToken> signupToken(String token);

    List<Property> properties();

    Optional<Property> property(long id);

    Optional<Property> propertyOfSupplier(String phone);

    Optional<CatalogEntry> catalogEntry(long listingId);

    List<CatalogEntry> activeCatalogEntries();

    /** Answers the team gave before: of a property, or (null) those that hold for every property. */
    List<LearnedAnswer> learnedAnswers(Long propertyId);

    Optional<ChatRow> chatMessage(long messageId);

    /** The last {@code limit} chat messages before {@code messageId}, oldest first, held ones left out. */
    List<ChatRow> chatBefore(long conversationId, long messageId, int limit);

    Optional<ChatRow> chatByProviderId(long conversationId, String providerId);

    Optional<String> channelState(String channel, String name);

    /** The stored sentence vectors of {@code messageIds} made by {@code model} (missing ones left out). */
    Map<Long, Embedding> embeddings(Collection<Long> messageIds, String model);

    /** Seed 002's behavioural facts: the validator's decisions on a contact's messages in {@code [from, to)}. */
    int decisionsOfContact(long contactId, String direction, Instant from, Instant to);

    int inboundDecisionsOfPlaybook(String playbook, Instant from, Instant to);

    boolean anyDecisionOfContactBefore(long contactId, Instant before);

    List<String> recentRiskLevels(long conversationId, String direction, int limit);

    boolean heldMessageReleasedBetween(long conversationId, Instant from, Instant to);

    Optional<MessageSafety> messageSafety(long messageId);
}
