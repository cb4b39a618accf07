package dev.parley.application.store;

import dev.parley.domain.safety.SafetyDecisionRow;

import dev.parley.domain.message.MessageSafety;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The safety validator's decisions on the store's messages (seed 002's audit trail), and what an operator may see of
 * an inbound message the validator did not simply deliver. A decision keeps no content: its SHA-256 only.
 */
public interface SafetyDecisions {


    /** Records {@code row} (its id is ignored); returns the new id. */
    long record(SafetyDecisionRow row);

    Optional<SafetyDecisionRow> find(long id);

    /** The conversation's decisions, oldest first. */
    List<SafetyDecisionRow> ofConversation(long conversationId);

    /** The latest decision on inbound message {@code messageId}. */
    Optional<SafetyDecisionRow> ofMessage(long messageId);

    /** The latest decision on outbox row {@code outboxId}. */
    Optional<SafetyDecisionRow> ofOutbox(long outboxId);

    /** How many decisions of {@code direction} about contact {@code contactId} fall in {@code [from, to)}. */
    int countOfContact(long contactId, String direction, Instant from, Instant to);

    /** How many inbound decisions in conversations of playbook {@code playbook} fall in {@code [from, to)}. */
    int countInboundOfPlaybook(String playbook, Instant from, Instant to);

    /** Whether contact {@code contactId} has a decision (either way) before {@code before}. */
    boolean anyOfContactBefore(long contactId, Instant before);

    /** The risk levels of the conversation's last {@code limit} decisions of {@code direction}, oldest first. */
    List<String> recentRiskLevels(long conversationId, String direction, int limit);

    /** Keeps the operator's side of an inbound message's decision (at most one per message; replaced). */
    void keep(MessageSafety safety);

    Optional<MessageSafety> ofMessageSafety(long messageId);

    /** The operator's side of the conversation's inbound messages that have one, in message order. */
    List<MessageSafety> messageSafetyOfConversation(long conversationId);

    /** Whether a held message of the conversation was released in {@code [from, to)}. */
    boolean releasedBetween(long conversationId, Instant from, Instant to);

    /** Marks the held message released at {@code at} by {@code actor}. */
    void released(long messageId, String actor, Instant at);
}
