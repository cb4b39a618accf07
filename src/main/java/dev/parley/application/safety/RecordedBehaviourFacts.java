package dev.parley.application.safety;

import dev.parley.application.playbook.ConversationReads;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.safety.BehaviourFacts;
import dev.parley.domain.safety.ContactHistory;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.RiskLevel;
import dev.parley.domain.safety.ZoneLookup;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;

/**
 * The validator's behavioural facts about one message of one conversation, from the recorded decisions
 * (every message gets one, so they count messages without keeping any content):
 * <ul>
 *   <li>messages per source per hour: inbound, the contact's messages; outbound, ours to the contact;</li>
 *   <li>notifications per recipient per day: inbound, the personal inbox's messages from anyone; outbound, ours to
 *   the contact;</li>
 *   <li>known contact: the contact has a decision before this one, or the conversation has an earlier message;</li>
 *   <li>recipient time zone: inbound, the inbox's zone; outbound, the contact's own zone, else their number's zones
 *   ({@link ZoneLookup});</li>
 *   <li>recent risk: the levels of the conversation's last decisions.</li>
 * </ul>
 * Where {@link RecipientRules} say the time and frequency rules do not protect the recipient, the counts are zero
 * and the facts say quiet hours do not apply ({@link #quietHoursApply}).
 */
public final class RecordedBehaviourFacts implements BehaviourFacts {
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Duration DAY = Duration.ofDays(1);

    private final ConversationReads reads;
    private final Conversation conversation;
    private final Direction direction;
    private final RecipientRules rules;
    private final ZoneLookup zones;
    private final ZoneId inboxZone;
    private final long currentMessageId;
    private final Instant at;

    /**
     * @param inboxZone        the personal inbox user's zone (inbound quiet hours)
     * @param currentMessageId the inbound message being validated (not counted as an earlier one), or 0
     * @param at               the instant the message is validated at
     */
    public RecordedBehaviourFacts(ConversationReads reads, Conversation conversation, Direction direction, RecipientRules rules,
                               ZoneLookup zones, ZoneId inboxZone, long currentMessageId, Instant at) {
        this.reads = Objects.requireNonNull(reads);
        this.conversation = Objects.requireNonNull(conversation);
        this.direction = Objects.requireNonNull(direction);
        this.rules = Objects.requireNonNull(rules);
        this.zones = Objects.requireNonNull(zones);
        this.inboxZone = Objects.requireNonNull(inboxZone);
        this.currentMessageId = currentMessageId;
        this.at = Objects.requireNonNull(at);
    }

    @Override
    public int messagesLastHour(String source, String recipient, Instant at) {
        if (!rules.notifies()) return 0;
        return reads.decisionsOfContact(conversation.contactId(), direction.safetyWord(), at.minus(HOUR), at);
    }

    @Override
    public int notificationsLastDay(String recipient, Instant at) {
        if (!rules.notifies()) return 0;
        return direction == Direction.IN
                ? reads.inboundDecisionsOfPlaybook(conversation.playbook(), at.minus(DAY), at)
                : reads.decisionsOfContact(conversation.contactId(), direction.safetyWord(), at.minus(DAY), at);
    }

    @Override
    public ContactHistory contactHistory(String source, String recipient) {
        if (reads.anyDecisionOfContactBefore(conversation.contactId(), at.plusNanos(1_000))) {
            return ContactHistory.KNOWN;
        }
        for (var m : reads.messages(conversation.id())) {
            if (m.id() != currentMessageId) return ContactHistory.KNOWN;
        }
        return ContactHistory.FIRST_CONTACT;
    }

    /** Quiet hours protect only a person being notified ({@link RecipientRules#notifies()}). */
    @Override
    public boolean quietHoursApply(String recipient, String channel) {
        return rules.notifies();
    }

    /**
     * Inbound: the personal inbox's zone. Outbound: the contact's own zone when an operator set one, else the zones of
     * their address ({@link ZoneLookup}: a phone number's; none for a chat id or an e-mail address, so the validator
     * takes the most restrictive reading).
     */
    @Override
    public List<ZoneId> recipientZones(String recipient, String channel) {
        if (direction == Direction.IN) return List.of(inboxZone);
        var own = reads.contact(conversation.contactId()).flatMap(Contact::zone);
        return own.isPresent() ? List.of(own.get()) : zones.zonesOf(recipient, channel);
    }

    /** The same direction's levels: escalation is the sender growing more aggressive or desperate. */
    @Override
    public List<RiskLevel> recentRiskLevels(String conversationKey, int limit) {
        if (limit <= 0) return List.of();
        return reads.recentRiskLevels(conversation.id(), direction.safetyWord(), limit).stream()
                .map(RiskLevel::fromWire).filter(Objects::nonNull).toList();
    }
}
