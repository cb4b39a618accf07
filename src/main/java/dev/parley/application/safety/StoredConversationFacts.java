package dev.parley.application.safety;

import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.safety.BehaviourFacts;
import dev.parley.domain.safety.ContactHistory;
import dev.parley.domain.safety.Direction;
import dev.parley.domain.safety.RiskLevel;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.ZoneLookup;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Behavioural facts for a message that is only being asked about ({@code POST /api/validate}), from the same store
 * records the pipeline's {@link StoreBehaviourFacts} reads: the decision rows ({@code safety_decisions}: one per
 * message, no content) and the messages. The other party is the conversation {@code channel} + the sender of an
 * inbound, the recipient of an outbound message. The seed's rules are applied as for a person being notified:
 * <ul>
 *   <li>per source per hour: the other party's decisions in this direction in {@code [at − 1 h, at)};</li>
 *   <li>per recipient per day: inbound, the inbox's inbound decisions (the conversations of the playbook the sender
 *   writes to: their conversation's, else the one a new conversation to {@code recipient} would get); outbound, ours
 *   to the contact;</li>
 *   <li>contact history: KNOWN when the contact has a decision before the message or the conversation a message;</li>
 *   <li>recent risk: the overall levels of the conversation's last decisions in this direction (escalation);</li>
 *   <li>zones: outbound, the contact's own zone when set, else the recipient address's ({@link ZoneLookup}).</li>
 * </ul>
 * The conversation, history and levels are read once, at {@link #read}; the counts when the validator asks, for its
 * instant.
 */
public final class StoredConversationFacts implements BehaviourFacts {
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Duration DAY = Duration.ofDays(1);
    /** Levels read for escalation detection: more than any sane {@code escalation_threshold}. */
    static final int LEVELS_READ = 16;

    private final Transactions tx;
    private final ZoneLookup zones;
    private final Direction direction;
    private final Optional<Conversation> conversation;
    private final String inbox;
    private final boolean known;
    private final List<RiskLevel> levels;
    private final Optional<ZoneId> contactZone;

    private StoredConversationFacts(Transactions tx, ZoneLookup zones, Direction direction,
                                    Optional<Conversation> conversation, String inbox, boolean known,
                                    List<RiskLevel> levels, Optional<ZoneId> contactZone) {
        this.tx = tx;
        this.zones = zones;
        this.direction = direction;
        this.conversation = conversation;
        this.inbox = inbox;
        this.known = known;
        this.levels = levels;
        this.contactZone = contactZone;
    }

    /**
     * Facts for {@code request}.
     *
     * @param inboxOf the playbook a new inbound conversation to our address gets (whose conversations are one inbox)
     * @param clock   the instant of a request without a timestamp (history is what came before it)
     */
    public static StoredConversationFacts read(Transactions tx, ZoneLookup zones, Function<String, String> inboxOf,
                                               Clock clock, SafetyRequest request) {
        Objects.requireNonNull(inboxOf);
        Instant at = request.timestamp() != null ? request.timestamp() : clock.instant();
        return tx.inTransaction(store -> {
            var conversation = store.conversations().findByKey(request.channel(), request.counterpart());
            if (conversation.isEmpty()) {
                return new StoredConversationFacts(tx, zones, request.direction(), conversation,
                        inboxOf.apply(request.recipient()), false, List.of(), Optional.empty());
            }
            var c = conversation.get();
            var decisions = store.safetyDecisions();
            boolean known = decisions.anyOfContactBefore(c.contactId(), at)
                    || !store.messages().ofConversation(c.id()).isEmpty();
            List<RiskLevel> levels = decisions.recentRiskLevels(c.id(), request.direction().wire(), LEVELS_READ)
                    .stream().map(RiskLevel::fromWire).filter(Objects::nonNull).toList();
            var contactZone = store.contacts().find(c.contactId()).flatMap(Contact::zone);
            return new StoredConversationFacts(tx, zones, request.direction(), conversation, c.playbook(), known,
                    levels, contactZone);
        });
    }

    @Override
    public int messagesLastHour(String source, String recipient, Instant at) {
        return conversation.map(c -> tx.inTransaction(store -> store.safetyDecisions()
                .countOfContact(c.contactId(), direction.wire(), at.minus(HOUR), at))).orElse(0);
    }

    @Override
    public int notificationsLastDay(String recipient, Instant at) {
        if (direction == Direction.INBOUND) {
            return inbox == null ? 0 : tx.inTransaction(store -> store.safetyDecisions()
                    .countInboundOfPlaybook(inbox, at.minus(DAY), at));
        }
        return conversation.map(c -> tx.inTransaction(store -> store.safetyDecisions()
                .countOfContact(c.contactId(), direction.wire(), at.minus(DAY), at))).orElse(0);
    }

    @Override
    public ContactHistory contactHistory(String source, String recipient) {
        return known ? ContactHistory.KNOWN : ContactHistory.FIRST_CONTACT;
    }

    /** Outbound: the contact's own zone when an operator set one; otherwise (and inbound) the address's zones. */
    @Override
    public List<ZoneId> recipientZones(String recipient, String channel) {
        if (direction == Direction.OUTBOUND && contactZone.isPresent()) return List.of(contactZone.get());
        return zones.zonesOf(recipient, channel);
    }

    @Override
    public List<RiskLevel> recentRiskLevels(String conversationKey, int limit) {
        if (limit <= 0) return List.of();
        return levels.subList(Math.max(0, levels.size() - limit), levels.size());
    }
}
