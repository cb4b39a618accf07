package dev.parley.application.safety.query;

import dev.parley.application.playbook.SlowCalls;
import dev.parley.application.safety.ScreenInbound;
import dev.parley.application.safety.RecipientRules;
import dev.parley.application.safety.ScreenOutbound;
import dev.parley.application.stage.StoreBackend;
import dev.parley.application.store.Transactions;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.safety.BehaviourFacts;
import dev.parley.domain.safety.ContactHistory;
import dev.parley.domain.message.Direction;
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
 * inbound, the recipient of an outbound message. The time and frequency rules protect whom the pipeline's do
 * ({@link RecipientRules}, ADR 0012): inbound, the personal inbox's owner (a conversation of the {@code guardian}
 * playbook, in its zone), not a team inbox; outbound, a contact receiving a proactive message, not an answer to what
 * they wrote in the hour before nor an operator's own message (where they do not, the counts are 0 and quiet hours do
 * not apply). The facts:
 * <ul>
 *   <li>per source per hour: the other party's decisions in this direction in {@code [at − 1 h, at)};</li>
 *   <li>per recipient per day: inbound, the inbox's inbound decisions (the conversations of the playbook the sender
 *   writes to: their conversation's, else the one a new conversation to {@code recipient} would get); outbound, ours
 *   to the contact;</li>
 *   <li>contact history: KNOWN when the contact has a decision before the message or the conversation a message;</li>
 *   <li>recent risk: the overall levels of the conversation's last decisions in this direction (escalation);</li>
 *   <li>zones: inbound, the personal inbox owner's ({@code guardian.time_zone}); outbound, the contact's own zone when
 *   set, else the recipient address's ({@link ZoneLookup}).</li>
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
    private final RecipientRules rules;
    private final ZoneId inboxZone;

    private StoredConversationFacts(Transactions tx, ZoneLookup zones, Direction direction,
                                    Optional<Conversation> conversation, String inbox, boolean known,
                                    List<RiskLevel> levels, Optional<ZoneId> contactZone, RecipientRules rules,
                                    ZoneId inboxZone) {
        this.rules = rules;
        this.inboxZone = inboxZone;
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
     * @param inboxOf   the playbook a new inbound conversation to our address gets (whose conversations are one inbox)
     * @param inboxZone the personal inbox owner's zone ({@code guardian.time_zone}): inbound quiet hours
     * @param clock     the instant of a request without a timestamp (history is what came before it)
     * @param operator  an outbound message an operator writes (no time or frequency rule, as in the pipeline)
     */
    public static StoredConversationFacts read(Transactions tx, ZoneLookup zones, Function<String, String> inboxOf,
                                               ZoneId inboxZone, Clock clock, SafetyRequest request,
                                               boolean operator) {
        Objects.requireNonNull(inboxOf);
        Objects.requireNonNull(inboxZone);
        Instant at = request.timestamp() != null ? request.timestamp() : clock.instant();
        boolean inbound = request.direction() == Direction.IN;
        return tx.inTransaction(store -> {
            var conversation = store.conversations().findByKey(request.channel(), request.counterpart());
            if (conversation.isEmpty()) {
                var inbox = inboxOf.apply(request.recipient());
                var rules = inbound ? inboxRules(inbox) : operator ? RecipientRules.REPLY : RecipientRules.PERSONAL;
                return new StoredConversationFacts(tx, zones, request.direction(), conversation, inbox, false,
                        List.of(), Optional.empty(), rules, inboxZone);
            }
            var c = conversation.get();
            var decisions = store.safetyDecisions();
            boolean known = decisions.anyOfContactBefore(c.contactId(), at)
                    || !store.messages().ofConversation(c.id()).isEmpty();
            List<RiskLevel> levels = decisions.recentRiskLevels(c.id(), request.direction().safetyWord(), LEVELS_READ)
                    .stream().map(RiskLevel::fromWire).filter(Objects::nonNull).toList();
            var contactZone = store.contacts().find(c.contactId()).flatMap(Contact::zone);
            var rules = inbound ? inboxRules(c.playbook()) : ScreenOutbound.rules(new StoreBackend(store, SlowCalls.DIRECT), c, operator, at);
            return new StoredConversationFacts(tx, zones, request.direction(), conversation, c.playbook(), known,
                    levels, contactZone, rules, inboxZone);
        });
    }

    /** A personal inbox (the guardian playbook's) is a person being notified; a team inbox is not. */
    private static RecipientRules inboxRules(String playbook) {
        return ScreenInbound.PERSONAL_INBOX_PLAYBOOK.equals(playbook) ? RecipientRules.PERSONAL : RecipientRules.TEAM;
    }

    /** Which of the time and frequency rules apply here ({@link RecipientRules}). */
    public RecipientRules rules() {
        return rules;
    }

    /** Quiet hours protect only a person being notified, as in the pipeline. */
    @Override
    public boolean quietHoursApply(String recipient, String channel) {
        return rules.notifies();
    }

    @Override
    public int messagesLastHour(String source, String recipient, Instant at) {
        if (!rules.notifies()) return 0;
        return conversation.map(c -> tx.inTransaction(store -> store.safetyDecisions()
                .countOfContact(c.contactId(), direction.safetyWord(), at.minus(HOUR), at))).orElse(0);
    }

    @Override
    public int notificationsLastDay(String recipient, Instant at) {
        if (!rules.notifies()) return 0;
        if (direction == Direction.IN) {
            return inbox == null ? 0 : tx.inTransaction(store -> store.safetyDecisions()
                    .countInboundOfPlaybook(inbox, at.minus(DAY), at));
        }
        return conversation.map(c -> tx.inTransaction(store -> store.safetyDecisions()
                .countOfContact(c.contactId(), direction.safetyWord(), at.minus(DAY), at))).orElse(0);
    }

    @Override
    public ContactHistory contactHistory(String source, String recipient) {
        return known ? ContactHistory.KNOWN : ContactHistory.FIRST_CONTACT;
    }

    /**
     * Inbound: the personal inbox owner's zone, as in the pipeline (the recipient is the inbox, not the contact).
     * Outbound: the contact's own zone when an operator set one, else their address's zones.
     */
    @Override
    public List<ZoneId> recipientZones(String recipient, String channel) {
        if (direction == Direction.IN) return List.of(inboxZone);
        if (contactZone.isPresent()) return List.of(contactZone.get());
        return zones.zonesOf(recipient, channel);
    }

    @Override
    public List<RiskLevel> recentRiskLevels(String conversationKey, int limit) {
        if (limit <= 0) return List.of();
        return levels.subList(Math.max(0, levels.size() - limit), levels.size());
    }
}
