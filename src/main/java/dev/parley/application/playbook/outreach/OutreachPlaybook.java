package dev.parley.application.playbook.outreach;

import dev.parley.application.model.ModelGateway;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.DescribesTransitions;
import dev.parley.application.playbook.StateGraph;
import dev.parley.application.playbook.Playbook;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.fsm.FireResult;
import dev.parley.domain.fsm.LoadedPlaybook;
import dev.parley.domain.fsm.PlaybookDefinition;
import dev.parley.domain.fsm.StateDef;
import dev.parley.domain.fsm.StateMachine;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.outreach.ClassifiedIntent;
import dev.parley.domain.outreach.GenealogyExtractor;
import dev.parley.domain.outreach.IntentClassifier;
import dev.parley.domain.outreach.OutreachActions;
import dev.parley.domain.outreach.Intent;
import dev.parley.domain.outreach.OutreachContext;
import dev.parley.domain.outreach.OutreachGuards;
import dev.parley.domain.outreach.OutreachTriggers;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Seed 000's Reply Management System: the state machine of {@code playbooks/outreach.json}, critical alerts
 * checked before intent classification, then intent, data check, extraction, tasks and the follow-up decision.
 * ProductiveEngagement and ExtractionComplete are passed through at once (the seed's nested "Analyzing" step).
 */
public final class OutreachPlaybook implements Playbook, DescribesTransitions {
    public static final String NAME = "outreach";
    static final String HUMAN_REVIEW = "HumanReview";

    private final LoadedPlaybook loaded;
    private final StateMachine<OutreachContext> machine;
    private final SafetyScreen safety;
    private final boolean followUpBeforeTimeout;
    private final OutreachSteps steps;
    private final ModelGateway gateway;
    private final OutreachModelTasks tasks;

    /** The outreach playbook on the offline model alone (tests and tools that need no configured model). */
    public OutreachPlaybook(LoadedPlaybook loaded, SafetyScreen safety, IntentClassifier classifier,
                            GenealogyExtractor extractor) {
        this(loaded, safety, classifier, extractor, ModelGateway.offline(java.time.Clock.systemUTC()));
    }

    /**
     * @param gateway the model that classifies, extracts and flags; {@code classifier} and {@code extractor} are the
     *                deterministic rules it falls back to (and what the offline model answers)
     */
    public OutreachPlaybook(LoadedPlaybook loaded, SafetyScreen safety, IntentClassifier classifier,
                            GenealogyExtractor extractor, ModelGateway gateway) {
        this.loaded = loaded;
        this.gateway = gateway;
        this.tasks = new OutreachModelTasks(classifier, extractor);
        this.machine = StateMachine.of(loaded.definition(), OutreachGuards.registry(), OutreachActions.ALL);
        this.safety = safety;
        this.followUpBeforeTimeout = loaded.settings().flag("follow_up_before_timeout", false);
        this.steps = new OutreachSteps(loaded, extractor);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String initialState() {
        return machine.initialState();
    }

    @Override
    public Set<String> states() {
        return loaded.definition().states().stream().map(StateDef::name)
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The states the operator rows out of HumanReview lead to. */
    @Override
    public Set<String> resumableStates() {
        return loaded.definition().transitions().stream().filter(t -> t.from().equals(HUMAN_REVIEW))
                .map(t -> t.to()).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    @Override
    public Optional<PlaybookDefinition> definition() {
        return Optional.of(loaded.definition());
    }

    /** The table for the console's diagram; a row from {@code *} is drawn from every state it applies to. */
    @Override
    public List<StateGraph.Transition> transitions() {
        return StateGraph.transitionsOf(loaded.definition());
    }

    @Override
    public List<StateTimer> timersFor(String state) {
        return machine.timersFor(state).stream()
                .filter(t -> followUpBeforeTimeout || !t.trigger().equals(OutreachTriggers.FOLLOW_UP_DUE))
                .map(t -> new StateTimer(t.state(), t.after(), t.trigger())).toList();
    }

    @Override
    public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
        screen(session, message, messageId).ifPresent(next -> next.proceed(session, message));
    }

    /**
     * Seed 000 §3.1, before anything else (the safety validator's decision included): the critical alerts on the
     * original text. A critical message is dealt with here; otherwise the rest runs on what the validator lets
     * automation see.
     */
    @Override
    public Optional<InboundStep> screen(ConversationSession session, InboundMessage message, long messageId) {
        var model = new ConversationModel(gateway, session);
        // Seed 000 §3.1: the patterns always run; the model's flag is added to them, never instead of them.
        // The learned heads read the message's stored vector (computed once; chime-in and recall reuse it).
        var verdict = safety.screen(message.text(), text -> tasks.safetyFlag(model, text),
                () -> safety.storedEmbedding(session, messageId, message.text()));
        var data = new LinkedHashMap<String, Object>();
        if (!verdict.reasons().isEmpty()) {
            data.put("safety", verdict.reasons());
            session.setMessageData(messageId, data);
        }
        if (verdict.highValue()) {
            session.raiseAlert(messageId, AlertSeverity.HIGH_VALUE, verdict.highValueCategories(),
                    verdict.highValuePatterns(),
                    "pattern", verdict.reasons());
        }
        if (verdict.criticalByModelOnly() && !session.conversation().automationPaused()) {
            // The learned heads alone (no pattern, no flag from the model): an opt-out is honoured first — Desist,
            // never contacted again, no HumanReview lock to lift later — and the heads' critical score reaches an
            // operator as a warning with its reasons. Anything else is the critical-alert path.
            var intent = tasks.classify(model, message.text());
            if (isOptOut(intent)) {
                session.raiseAlert(messageId, AlertSeverity.WARNING, verdict.criticalCategories(),
                        verdict.criticalPatterns(),
                        verdict.source(), verdict.reasons());
                onIntent(session, model, message, messageId, data, intent);
                return Optional.empty(); // dealt with here: the validator's escalation of the same score is recorded
            }
        }
        if (verdict.critical()) {
            onCritical(session, messageId, verdict);
            return Optional.empty(); // seed 000 §3.4: do not reply; stay silent until a human has reviewed it
        }
        return Optional.of((s, m) -> afterScreen(s, model, m, messageId, verdict, data));
    }

    /** The validator escalated: the same critical-alert path as a pattern's (HumanReview, contact BLOCKED). */
    @Override
    public void onSafetyEscalation(ConversationSession session, long messageId, List<String> categories,
                                   String reason, Map<String, ?> reasons) {
        var verdict = new SafetyScreen.Verdict(true, List.copyOf(categories), List.of("safety:" + reason), "safety",
                false, List.of(), List.of(), false, List.of(), List.of(), new LinkedHashMap<String, Object>(reasons));
        onCritical(session, messageId, verdict);
    }

    private void afterScreen(ConversationSession session, ConversationModel model, InboundMessage message,
                             long messageId, SafetyScreen.Verdict verdict, Map<String, Object> data) {
        if (verdict.review() && session.conversation().automationPaused()) {
            onReview(session, messageId, verdict);
            return;
        }
        if (session.conversation().automationPaused()) {
            session.record("automation_paused", Map.of("message_id", messageId));
            return;
        }
        var intent = tasks.classify(model, message.text());
        if (verdict.review()) {
            if (!isOptOut(intent)) {
                onReview(session, messageId, verdict);
                return; // an ambiguous situation: no reply until an operator has looked
            }
            // "Leave me alone." is an opt-out first: Desist (never contacted again) and the warning for an operator.
            session.raiseAlert(messageId, AlertSeverity.WARNING, verdict.reviewCategories(), verdict.reviewPatterns(),
                    verdict.reviewSource(), verdict.reasons());
        }
        onIntent(session, model, message, messageId, data, intent);
    }

    private static boolean isOptOut(ClassifiedIntent intent) {
        return intent.intent() == Intent.NEGATIVE || intent.intent() == Intent.STOP;
    }

    /** The message's intent moves the conversation (and a productive answer is analysed). */
    private void onIntent(ConversationSession session, ConversationModel model, InboundMessage message,
                          long messageId, Map<String, Object> data, ClassifiedIntent intent) {
        data.put("intent", intent.intent().name());
        data.put("intent_reason", intent.reason());
        session.setMessageData(messageId, data);
        var context = OutreachContext.empty().withIntent(intent.intent());
        var reason = "intent " + intent.intent() + " (" + intent.reason() + ")";
        if (fire(session, OutreachTriggers.MESSAGE_RECEIVED, context, messageId, data, reason)
                && session.conversation().state().equals("ProductiveEngagement")) {
            analyse(session, model, message.text(), messageId, data);
        }
    }

    /** ProductiveEngagement → data check → extraction → tasks → decide, each step a transition. */
    private void analyse(ConversationSession session, ConversationModel model, String text, long messageId,
                         Map<String, Object> data) {
        var extraction = tasks.extract(model, text);
        data.put("extraction", extraction.toMap());
        session.setMessageData(messageId, data);
        var context = OutreachContext.empty().withExtraction(extraction);
        if (!fire(session, OutreachTriggers.DATA_CHECK, context, messageId, data)
                || !session.conversation().state().equals("ExtractionPending")) {
            return;
        }
        if (!fire(session, OutreachTriggers.EXTRACT, context.withExtractionSucceeded(true), messageId,
                Map.of("extraction", extraction))
                || !session.conversation().state().equals("ExtractionComplete")) {
            return;
        }
        var plan = steps.plan(session);
        fire(session, OutreachTriggers.DECIDE, context.withFollowUpPlan(plan), messageId, Map.of("plan", plan));
    }

    private void onCritical(ConversationSession session, long messageId, SafetyScreen.Verdict verdict) {
        var detail = Map.<String, Object>of("categories", verdict.criticalCategories(),
                "patterns", verdict.criticalPatterns(), "source", verdict.source());
        var result = machine.fire(session.conversation().state(), OutreachTriggers.CRITICAL_ALERT,
                OutreachContext.empty());
        if (result instanceof FireResult.Moved moved) {
            session.moveTo(moved.to(), moved.trigger(), detail);
            steps.run(session, moved, messageId, Map.of("verdict", verdict));
        } else {
            // A terminal state has no way to HumanReview, but the contact must still be locked.
            session.reject(OutreachTriggers.CRITICAL_ALERT, ((FireResult.Rejected) result).reason());
            session.lockForReview(messageId, verdict.criticalCategories(), verdict.criticalPatterns(),
                    verdict.source(), verdict.reasons());
        }
    }

    private void onReview(ConversationSession session, long messageId, SafetyScreen.Verdict verdict) {
        var detail = Map.<String, Object>of("categories", verdict.reviewCategories(),
                "patterns", verdict.reviewPatterns(), "source", verdict.reviewSource());
        var result = machine.fire(session.conversation().state(), OutreachTriggers.REVIEW_ALERT,
                OutreachContext.empty());
        if (result instanceof FireResult.Moved moved) {
            session.moveTo(moved.to(), moved.trigger(), detail);
            steps.run(session, moved, messageId, Map.of("verdict", verdict));
        } else {
            // Already in HumanReview (or a playbook file without the row): the operator must still see it.
            session.reject(OutreachTriggers.REVIEW_ALERT, ((FireResult.Rejected) result).reason());
            session.pauseForReview(messageId, verdict.reviewCategories(), verdict.reviewPatterns(),
                    verdict.reviewSource(), verdict.reasons());
        }
    }

    @Override
    public void onOutboundSent(ConversationSession session, OutboxEntry sent) {
        if (session.conversation().state().equals(initialState())) {
            fire(session, OutreachTriggers.MESSAGE_SENT, OutreachContext.empty(), null, Map.of("outbox_id", sent.id()));
        }
    }

    /**
     * Resumes through the playbook's own operator row out of HumanReview (operator_resume, operator_conclude,
     * operator_desist), so its actions run; a conversation locked in another state moves plainly.
     */
    @Override
    public void onUnblock(ConversationSession session, String resumeState, String note) {
        var row = loaded.definition().transitionsFrom(session.conversation().state()).stream()
                .filter(t -> t.to().equals(resumeState) && t.trigger().startsWith("operator_")).findFirst();
        var result = row.map(t -> machine.fire(session.conversation().state(), t.trigger(), OutreachContext.empty()));
        if (result.isPresent() && result.get() instanceof FireResult.Moved moved && moved.to().equals(resumeState)) {
            session.moveTo(moved.to(), moved.trigger(), Map.of("note", note, "actions", moved.actions()));
            steps.run(session, moved, null, Map.of("note", note));
        } else {
            Playbook.super.onUnblock(session, resumeState, note);
        }
    }

    @Override
    public void onTimer(ConversationSession session, String trigger) {
        fire(session, trigger, OutreachContext.empty().withFollowUpEnabled(followUpBeforeTimeout), null, Map.of());
    }

    private boolean fire(ConversationSession session, String trigger, OutreachContext context, Long messageId,
                         Map<String, Object> facts) {
        return fire(session, trigger, context, messageId, facts, null);
    }

    /**
     * Fires a trigger: a move is recorded (with the guard that decided it and, when given, why) and its actions
     * run; a rejection is recorded. True when it moved.
     */
    private boolean fire(ConversationSession session, String trigger, OutreachContext context, Long messageId,
                         Map<String, Object> facts, String reason) {
        var result = machine.fire(session.conversation().state(), trigger, context);
        switch (result) {
            case FireResult.Moved moved -> {
                var detail = new LinkedHashMap<String, Object>();
                moved.guard().ifPresent(g -> detail.put("guard", g));
                if (reason != null) detail.put("reason", reason);
                detail.put("actions", moved.actions());
                session.moveTo(moved.to(), moved.trigger(), detail);
                steps.run(session, moved, messageId, facts);
                if (moved.to().equals(HUMAN_REVIEW) && !session.conversation().automationPaused()) {
                    session.pauseAutomation("human review: " + moved.guard().orElse(trigger));
                }
                return true;
            }
            case FireResult.Rejected rejected -> {
                session.reject(trigger, rejected.reason());
                return false;
            }
        }
    }
}
