package dev.parley.domain.outreach;

import dev.parley.domain.fsm.Guard;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** The guards {@code playbooks/outreach.json} may name, over an {@link OutreachContext}. */
public final class OutreachGuards {

    public static final String INTENT_PRODUCTIVE = "intent_productive";
    public static final String INTENT_NEGATIVE_OR_STOP = "intent_negative_or_stop";
    public static final String INTENT_NEUTRAL_OR_POLITE = "intent_neutral_or_polite";
    public static final String INTENT_NOT_INTERESTED = "intent_not_interested";
    public static final String INTENT_UNCLEAR = "intent_unclear";
    public static final String HAS_ENTITIES = "has_entities";
    public static final String NO_ENTITIES = "no_entities";
    public static final String EXTRACTION_SUCCEEDED = "extraction_succeeded";
    public static final String EXTRACTION_FAILED = "extraction_failed";
    public static final String MORE_QUESTIONS = "more_questions";
    public static final String NO_MORE_QUESTIONS = "no_more_questions";
    public static final String FOLLOW_UP_ENABLED = "follow_up_enabled";

    private OutreachGuards() {
    }

    /** Guard name → guard, for {@code StateMachine.of}. */
    public static Map<String, Guard<OutreachContext>> registry() {
        Map<String, Guard<OutreachContext>> guards = new LinkedHashMap<>();
        guards.put(INTENT_PRODUCTIVE, c -> intentIn(c, Set.of(Intent.PRODUCTIVE)));
        guards.put(INTENT_NEGATIVE_OR_STOP, c -> intentIn(c, Set.of(Intent.NEGATIVE, Intent.STOP)));
        guards.put(INTENT_NEUTRAL_OR_POLITE, c -> intentIn(c, Set.of(Intent.NEUTRAL, Intent.POLITE)));
        guards.put(INTENT_NOT_INTERESTED, c -> intentIn(c, Set.of(Intent.NOT_INTERESTED)));
        guards.put(INTENT_UNCLEAR, c -> intentIn(c, Set.of(Intent.UNCLEAR)));
        guards.put(HAS_ENTITIES, c -> c.extraction().map(Extraction::hasEntities).orElse(false));
        guards.put(NO_ENTITIES, c -> c.extraction().map(e -> !e.hasEntities()).orElse(false));
        guards.put(EXTRACTION_SUCCEEDED, OutreachContext::extractionSucceeded);
        guards.put(EXTRACTION_FAILED, c -> !c.extractionSucceeded());
        guards.put(MORE_QUESTIONS, c -> c.followUpPlan().map(FollowUpPlan::moreQuestions).orElse(false));
        guards.put(NO_MORE_QUESTIONS, c -> c.followUpPlan().map(p -> !p.moreQuestions()).orElse(false));
        guards.put(FOLLOW_UP_ENABLED, OutreachContext::followUpEnabled);
        return Map.copyOf(guards);
    }

    private static boolean intentIn(OutreachContext context, Set<Intent> intents) {
        return context.intent().map(intents::contains).orElse(false);
    }
}
