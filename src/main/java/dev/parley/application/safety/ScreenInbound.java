package dev.parley.application.safety;

import dev.parley.domain.message.MessageSafety;
import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.playbook.ConversationReads;
import dev.parley.application.playbook.Effect;
import dev.parley.application.playbook.EffectSink;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.embedding.Embedding;
import dev.parley.domain.message.InboundHold;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyResult;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ZoneLookup;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Seed 002 on every inbound message, in the unit of work that processes it. {@link #decide} runs before the message is
 * stored (a SUMMARIZE stores the safe summary as the message's text, so everything automation reads sees only that;
 * the original is kept for an operator to reveal); {@link #apply} runs after the playbook's own first checks
 * ({@link Playbook#screen}: outreach's critical alerts stay first) and carries the decision out:
 * <ul>
 *   <li>DELIVER: the playbook goes on as usual;</li>
 *   <li>SUMMARIZE: it goes on with the safe summary in place of the text;</li>
 *   <li>DELAY: the message is held ({@link InboundHold#DELAYED}) until a scheduled job releases it;</li>
 *   <li>SILENCE: the message is held ({@link InboundHold#SILENCED}) under Held &amp; filtered until an operator
 *   releases it;</li>
 *   <li>ESCALATE: the critical-alert path ({@link Playbook#onSafetyEscalation}).</li>
 * </ul>
 * The validator's fail-safe answer is a DELAY like any other.
 */
public final class ScreenInbound {
    /** The scheduled job that releases a DELAYED message; its trigger is {@code message:<id>}. */
    public static final String RELEASE_JOB = "safety_release";
    /** The playbook for a personal inbox: every rule of the seed protects its user. */
    public static final String PERSONAL_INBOX_PLAYBOOK = dev.parley.application.playbook.guardian.GuardianPlaybook.NAME;

    private final Supplier<SafetyValidator> validator;
    private final ZoneLookup zones;
    private final ZoneId inboxZone;
    private final SafetyModel model;
    private final ModelSafeText summaries;
    private final SecondOpinion opinion;

    /**
     * @param validator the current validator (a supplier: an edited safety.json applies to the next message)
     * @param inboxZone the personal inbox user's time zone (quiet hours of the guardian playbook)
     */
    public ScreenInbound(Supplier<SafetyValidator> validator, ZoneLookup zones, ZoneId inboxZone) {
        this(validator, zones, inboxZone, SafetyModel.OFF);
    }

    /** As above, with the learned heads of {@code model} beside the lexicons (ADR 0019). */
    public ScreenInbound(Supplier<SafetyValidator> validator, ZoneLookup zones, ZoneId inboxZone, SafetyModel model) {
        this(validator, zones, inboxZone, model, ModelSafeText.off());
    }

    /** As above, with the model-backed safe summary of {@code summaries} when {@code safety.rewrite=model} (ADR 0020). */
    public ScreenInbound(Supplier<SafetyValidator> validator, ZoneLookup zones, ZoneId inboxZone, SafetyModel model,
                         ModelSafeText summaries) {
        this(validator, zones, inboxZone, model, summaries, SecondOpinion.off());
    }

    /** As above, with the configured model's second opinion on an uncertain message (issue 35). */
    public ScreenInbound(Supplier<SafetyValidator> validator, ZoneLookup zones, ZoneId inboxZone, SafetyModel model,
                         ModelSafeText summaries, SecondOpinion opinion) {
        this.validator = validator;
        this.zones = zones;
        this.inboxZone = inboxZone;
        this.model = model;
        this.summaries = summaries;
        this.opinion = opinion;
    }

    /** The model-backed summary (off unless {@code safety.rewrite=model}). */
    public ModelSafeText summaries() {
        return summaries;
    }

    /**
     * Whether {@link #prepare} has anything to do: a model summary or a second opinion to ask, or a text to embed for
     * the heads.
     */
    public boolean prepares() {
        return summaries.enabled() || opinion.enabled() || model.enabled();
    }

    /**
     * What {@link #decide} needs that is slow, worked out at the Prepare stage, outside every transaction: the model's
     * safe summary of a message (ADR 0020), the vector of its text for the learned heads (issue 8, latency: the
     * embedding no longer holds a connection or the store's writer) and the model's second opinion (issue 35). Any may
     * be absent; the decision is then made as before, with the vector computed inside.
     */
    public record Prepared(Optional<ModelSafeText.Prepared> summary, Optional<SafetyModel.Ahead> vector,
                           Optional<SecondOpinion.Opinion> opinion) {
        /** Nothing prepared. */
        public static final Prepared NONE = new Prepared(Optional.empty(), Optional.empty(), Optional.empty());

        public Prepared(Optional<ModelSafeText.Prepared> summary, Optional<SafetyModel.Ahead> vector) {
            this(summary, vector, Optional.empty());
        }
    }

    /**
     * At the Prepare stage, outside every transaction: the model's safe summary of {@code m}, for the decision to use
     * if it is SUMMARIZE (ADR 0020; empty when none is asked), the vector of its text, and the model's second opinion
     * when the text alone is uncertain (issue 35).
     * {@code conversationId}: the existing conversation's, for the call log (null for a first message).
     */
    public Prepared prepare(InboundMessage m, Long conversationId) {
        var summary = summaries.enabled() ? summaries.prepare(Direction.IN, m.text(), conversationId)
                : Optional.<ModelSafeText.Prepared>empty();
        var vector = model.embedAhead(m.text());
        var second = opinion.prepare(m.text(), conversationId, model.forText(vector));
        return new Prepared(summary, vector, second);
    }

    /**
     * A decision on a message not yet stored, and how to store it. {@code embedding} is the message's vector when the
     * validator's model computed it: the caller stores it with the message ({@link #storeEmbedding}), so nothing
     * embeds the message again (the outreach screen, chime-in and recall read the stored vector).
     */
    public record Decided(SafetyResult result, Optional<Embedding> embedding, Optional<ModelSafeText.Choice> rewrite,
                          Optional<SecondOpinion.Opinion> opinion) {
        public Decided {
            embedding = embedding == null ? Optional.empty() : embedding;
            rewrite = rewrite == null ? Optional.empty() : rewrite;
            opinion = opinion == null ? Optional.empty() : opinion;
        }

        public Decided(SafetyResult result, Optional<Embedding> embedding) {
            this(result, embedding, Optional.empty(), Optional.empty());
        }

        public Decided(SafetyResult result) {
            this(result, Optional.empty(), Optional.empty(), Optional.empty());
        }

        /**
         * Stores the vector the decision computed as message {@code messageId}'s (nothing when none was); the message
         * was just stored, so it has none yet.
         */
        public void storeEmbedding(EffectSink effects, long messageId) {
            embedding.ifPresent(e -> effects.apply(new Effect.StoreEmbedding(messageId, e, true)));
        }

        /** The text to store: the safe summary of a SUMMARIZE, else the original. */
        public String storedText(InboundMessage m) {
            return result.decision() == SafetyDecision.SUMMARIZE ? result.safeOutput().messagePrimary() : m.text();
        }

        /** The status to store the message with. */
        public String status() {
            return switch (result.decision()) {
                case DELAY -> InboundHold.DELAYED.status();
                case SILENCE -> InboundHold.SILENCED.status();
                default -> InboundHold.RECEIVED;
            };
        }
    }

    /** Validates {@code m}, about to be stored in {@code conversation}. */
    public Decided decide(ConversationReads reads, Conversation conversation, InboundMessage m, Instant now) {
        return decide(reads, conversation, m, now, Prepared.NONE);
    }

    /**
     * As above, with what was {@link #prepare}d for the message: a SUMMARIZE uses the model's summary when it was
     * accepted, the heads read the vector computed ahead (the same scores as computing it here), and a second opinion
     * adds the categories it named.
     */
    public Decided decide(ConversationReads reads, Conversation conversation, InboundMessage m, Instant now,
                          Prepared prepared) {
        var rules = PERSONAL_INBOX_PLAYBOOK.equals(conversation.playbook()) ? RecipientRules.PERSONAL
                : RecipientRules.TEAM;
        var facts = new RecordedBehaviourFacts(reads, conversation, Direction.IN, rules, zones, inboxZone, 0, now);
        var request = new SafetyRequest(Direction.IN, m.text(), m.from(), m.to(), m.channel(), now,
                Optional.of(conversation.channel() + ":" + conversation.key()));
        var scoring = model.forText(prepared.vector());
        // the second opinion, when one was asked about this text, adds the categories it named (issue 35)
        var content = SecondOpinion.with(scoring, prepared.opinion());
        var chosen = summaries.choose(validator.get().validate(request, facts, content), prepared.summary());
        return new Decided(chosen.result(), scoring.embedding(), chosen.choice(), prepared.opinion());
    }

    /**
     * Records the decision and carries it out. {@code next} is what the playbook's first checks left to do; empty
     * when they dealt with the message themselves (then the decision is only recorded, and a DELAY does not hold a
     * message the critical-alert path has already stopped automation for).
     */
    public void apply(ConversationSession session, Playbook playbook, Decided decided, InboundMessage m,
                      long messageId, long inboxId, Optional<Playbook.InboundStep> next) {
        var result = decided.result();
        var published = new java.util.ArrayList<PipelineEvent>();
        long decisionId = SafetyDecisionLog.record(session, session.conversation(), result, messageId, null,
                TimelineEvent.SYSTEM_ACTOR, session.now(), published, decided.rewrite(), decided.opinion());
        published.forEach(session::publish);
        boolean personal = PERSONAL_INBOX_PLAYBOOK.equals(playbook.name());
        if (personal || !result.decision().passes()) {
            session.apply(new Effect.KeepMessageSafety(new MessageSafety(messageId, decisionId, inboxId,
                    result.decision().name(), SafetyDecisionLog.safeOutputJson(result.safeOutput()),
                    result.decision() == SafetyDecision.SUMMARIZE ? m.text() : null, null, null)));
        }
        if (next.isEmpty()) {
            if (result.decision() == SafetyDecision.DELAY) {
                session.apply(new Effect.SetMessageStatus(messageId, InboundHold.RECEIVED));
            }
            return;
        }
        switch (result.decision()) {
            case DELIVER -> next.get().proceed(session, m);
            case SUMMARIZE -> next.get().proceed(session, m.withText(result.safeOutput().messagePrimary()));
            case DELAY -> {
                var until = result.delayUntil().orElseThrow();
                session.scheduleJob(RELEASE_JOB, "message:" + messageId, until);
                session.record("message_held", held(messageId, InboundHold.DELAYED, result, until));
            }
            case SILENCE -> session.record("message_held", held(messageId, InboundHold.SILENCED, result, null));
            case ESCALATE -> playbook.onSafetyEscalation(session, messageId, SafetyDecisionLog.categories(result),
                    result.enforcementReason().wire(), Map.of("trace_id", result.traceId(),
                            "risk_categories", SafetyDecisionLog.categories(result),
                            "enforcement_reason", result.enforcementReason().wire(),
                            "scores", SafetyDecisionLog.scores(result)));
            default -> throw new IllegalStateException("not an inbound decision: " + result.decision());
        }
    }

    private static Map<String, Object> held(long messageId, InboundHold hold, SafetyResult result, Instant until) {
        var detail = new LinkedHashMap<String, Object>();
        detail.put("message_id", messageId);
        detail.put("hold", hold.wire());
        detail.put("trace_id", result.traceId());
        if (until != null) detail.put("until", until.toString());
        return detail;
    }
}
