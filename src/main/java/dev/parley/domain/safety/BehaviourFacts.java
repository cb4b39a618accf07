package dev.parley.domain.safety;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * Port: what the validator needs to know beyond the message itself. The pipeline answers from the store, replay
 * from its in-memory store, {@code parley validate} from the batch it has read ({@link InMemoryBehaviourFacts}).
 * Counts never include the message being validated. An exception thrown here makes the validator fail safe.
 */
public interface BehaviourFacts {

    /**
     * Messages from {@code source} to {@code recipient} in {@code [at − 1 h, at)}, whatever their decision. For an
     * inbound message that is the sender's rate towards the user; for an outbound one the user's rate towards
     * that contact (seed: at most {@code max_messages_per_hour}).
     */
    int messagesLastHour(String source, String recipient, Instant at);

    /** Messages (notifications) to {@code recipient} in {@code [at − 24 h, at)} (seed: {@code max_notifications_per_day}). */
    int notificationsLastDay(String recipient, Instant at);

    /** KNOWN when the two have exchanged messages before (or the contact is in the address book). */
    ContactHistory contactHistory(String source, String recipient);

    /**
     * The recipient's time zone(s): the contact's zone when known, else every zone its phone number maps to.
     * Empty when unknown: the validator then applies the most restrictive rule (quiet hours assumed).
     */
    List<ZoneId> recipientZones(String recipient, String channel);

    /**
     * Whether quiet hours protect this recipient at all. False says "does not apply" outright (a team inbox, whose
     * messages wake nobody; a reply the contact is waiting for): level 2 then never fires and a batched message waits
     * only {@code delay_minutes}, not for work hours. True (the default) leaves it to {@link #recipientZones}, where
     * an empty answer means unknown and so the most restrictive reading.
     */
    default boolean quietHoursApply(String recipient, String channel) {
        return true;
    }

    /**
     * The overall risk levels ({@link SafetyResult#riskLevel()}) of the conversation's last {@code limit} validated
     * messages, oldest first, not including the one being validated.
     */
    List<RiskLevel> recentRiskLevels(String conversation, int limit);
}
