package dev.parley.application.safety;

import dev.parley.domain.safety.SafetyDecisionRow;
import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.Effect;
import dev.parley.application.playbook.EffectSink;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.safety.CategoryScore;
import dev.parley.domain.safety.RiskCategory;
import dev.parley.domain.safety.SafeOutput;
import dev.parley.domain.safety.SafetyResult;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Records a decision, as effects of the unit of work that acts on it: the decision row (trace id, categories, scores, decision,
 * reason, policy version, the content's SHA-256; never the content), a {@code decision} event on the
 * conversation's timeline and a {@link PipelineEvent.SafetyDecided} (a transcript line in replays).
 */
public final class SafetyDecisionLog {
    /** The timeline event's type, and the transcript line's kind. */
    public static final String KIND = "decision";

    private SafetyDecisionLog() {
    }

    /** Records {@code result} about {@code conversation}; returns the decision row's id. */
    public static long record(EffectSink effects, Conversation conversation, SafetyResult result, Long messageId,
                              Long outboxId, String actor, Instant now, List<PipelineEvent> published) {
        return record(effects, conversation, result, messageId, outboxId, actor, now, published,
                java.util.Optional.empty());
    }

    /**
     * As above; {@code rewrite} says which safe text a rewrite or summary used (model or deterministic, and why not
     * the model's): the timeline event's {@code rewrite} and {@code rewrite_fallback}, never the text.
     */
    public static long record(EffectSink effects, Conversation conversation, SafetyResult result, Long messageId,
                              Long outboxId, String actor, Instant now, List<PipelineEvent> published,
                              java.util.Optional<ModelSafeText.Choice> rewrite) {
        return record(effects, conversation, result, messageId, outboxId, actor, now, published, rewrite,
                java.util.Optional.empty());
    }

    /**
     * As above; {@code opinion} is the configured model's second opinion when one was asked (issue 35): the timeline
     * event's {@code second_opinion} (outcome, safe, categories, model; never the text).
     */
    public static long record(EffectSink effects, Conversation conversation, SafetyResult result, Long messageId,
                              Long outboxId, String actor, Instant now, List<PipelineEvent> published,
                              java.util.Optional<ModelSafeText.Choice> rewrite,
                              java.util.Optional<SecondOpinion.Opinion> opinion) {
        var categories = categories(result);
        long id = effects.apply(new Effect.RecordSafetyDecision(new SafetyDecisionRow(0, result.traceId(), conversation.id(),
                conversation.contactId(), messageId, outboxId, result.direction().safetyWord(),
                result.decision().name(), result.riskLevel().wire(), JsonDocuments.write(Map.of("categories", categories)),
                scoresJson(result), result.enforcementReason().wire(), result.policyVersion(),
                result.contentSha256(), result.failSafe(), result.delayUntil().orElse(null), now)));
        effects.apply(new Effect.AppendTimeline(conversation.id(), KIND, null, null, null,
                JsonDocuments.write(timelineDetail(conversation.key(), result, messageId, outboxId, rewrite, opinion)),
                actor, now));
        published.add(new PipelineEvent.SafetyDecided(conversation.id(), result.direction().safetyWord(),
                result.decision().wire(), categories, result.enforcementReason().wire(), result.traceId()));
        return id;
    }

    /** The decision event: kind, conversation, direction, decision, risk_categories, reason, trace id. */
    static Map<String, Object> timelineDetail(String conversationKey, SafetyResult result, Long messageId,
                                              Long outboxId, java.util.Optional<ModelSafeText.Choice> rewrite,
                                              java.util.Optional<SecondOpinion.Opinion> opinion) {
        var detail = new LinkedHashMap<String, Object>();
        detail.put("kind", KIND);
        detail.put("conversation", conversationKey);
        detail.put("direction", result.direction().safetyWord());
        detail.put("decision", result.decision().wire());
        detail.put("risk_categories", categories(result));
        detail.put("enforcement_reason", result.enforcementReason().wire());
        detail.put("trace_id", result.traceId());
        detail.put("policy_version", result.policyVersion());
        if (messageId != null) detail.put("message_id", messageId);
        if (outboxId != null) detail.put("outbox_id", outboxId);
        result.delayUntil().ifPresent(until -> detail.put("delay_until", until.toString()));
        if (result.failSafe()) detail.put("fail_safe", true);
        var model = model(result);
        if (!model.isEmpty()) detail.put("model", model);
        rewrite.ifPresent(c -> {
            detail.put("rewrite", c.used());
            if (c.fallback() != null) detail.put("rewrite_fallback", c.fallback());
        });
        opinion.ifPresent(o -> detail.put("second_opinion", o.detail()));
        return detail;
    }

    /**
     * The categories a learned head raised (ADR 0019): category, head, score, the threshold reached and its tier, the
     * level it gave; empty when the model raised none.
     */
    public static List<Map<String, Object>> model(SafetyResult result) {
        var out = new java.util.ArrayList<Map<String, Object>>();
        for (var category : RiskCategory.values()) {
            var s = result.score(category);
            s.model().ifPresent(m -> out.add(modelSignal(m)));
        }
        return out;
    }

    private static Map<String, Object> modelSignal(dev.parley.domain.safety.ModelSignal m) {
        var one = new LinkedHashMap<String, Object>();
        one.put("category", m.category().wire());
        one.put("head", m.head());
        one.put("score", Math.round(m.score() * 10_000) / 10_000.0);
        one.put("tier", m.tier());
        one.put("threshold", Math.round(m.threshold() * 10_000) / 10_000.0);
        one.put("level", m.level().wire());
        return one;
    }

    static List<String> categories(SafetyResult result) {
        return result.riskCategories().stream().map(RiskCategory::wire).toList();
    }

    /** The scores as stored: {@code {}} when no category was raised. */
    static String scoresJson(SafetyResult result) {
        var json = JsonDocuments.write(scores(result));
        return json == null ? "{}" : json;
    }

    /**
     * Every raised category's count, score and level (no matched words: they are content), and {@code model} when a
     * learned head raised it (head, score, threshold, tier).
     */
    static Map<String, Object> scores(SafetyResult result) {
        var out = new LinkedHashMap<String, Object>();
        for (var category : RiskCategory.values()) {
            CategoryScore s = result.score(category);
            if (!s.raised()) continue;
            if (s.model().isEmpty()) {
                out.put(category.wire(), Map.of("count", s.count(), "score", Math.round(s.score() * 1000) / 1000.0,
                        "level", s.level().wire()));
            } else {
                var one = new LinkedHashMap<String, Object>();
                one.put("count", s.count());
                one.put("score", Math.round(s.score() * 1000) / 1000.0);
                one.put("level", s.level().wire());
                var m = modelSignal(s.model().get());
                m.remove("category");
                one.put("model", m);
                out.put(category.wire(), one);
            }
        }
        return out;
    }

    /** The standard JSON's {@code safe_output}, as stored for an operator to see first. */
    public static String safeOutputJson(SafeOutput out) {
        var m = new LinkedHashMap<String, Object>();
        m.put("message_primary", out.messagePrimary());
        m.put("urgency_level", out.urgencyWire());
        m.put("source_hidden", out.sourceHidden());
        m.put("suggested_action", out.suggestedAction());
        m.put("emotional_tone", out.emotionalTone().wire());
        return JsonDocuments.write(m);
    }
}
