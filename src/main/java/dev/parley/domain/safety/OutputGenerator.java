package dev.parley.domain.safety;

import dev.parley.domain.message.Direction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** OUTPUT: the standard result with its safe text (deterministic: no model, no randomness). */
final class OutputGenerator {
    /** How long a fail-safe inbound DELAY holds a message before it is looked at again. */
    static final Duration FAIL_SAFE_DELAY = Duration.ofHours(1);

    private final SafetyPolicy policy;
    /** Whether a rewrite would be allowed as a message of its own (its content alone). */
    private final Predicate<String> passesAlone;

    OutputGenerator(SafetyPolicy policy, Predicate<String> passesAlone) {
        this.policy = policy;
        this.passesAlone = passesAlone;
    }

    SafetyResult result(String traceId, SafetyRequest request, Instant at, Signals signals, Verdict verdict) {
        List<RiskCategory> raised = new ArrayList<>();
        for (RiskCategory c : RiskCategory.values()) {
            // A category is a risk of this message when its cell does more than let it pass (Allow, Monitor):
            // the levels of the others stay in the scores.
            if (!ThresholdMatrix.decision(c, signals.score(c).level(), request.direction()).passes()) raised.add(c);
        }
        RiskLevel urgency = SignalExtractor.maxLevel(signals.scores());
        String content = request.content() == null ? "" : request.content();
        String rewrite = null;
        if (verdict.decision() == SafetyDecision.SOFT_REWRITE && signals.unknownContent()) {
            rewrite = "[message withheld: it has no text that could be checked]"; // the seed's fail-safe rewrite
        } else if (verdict.decision() == SafetyDecision.SOFT_REWRITE) {
            // A rewrite is sent only when it passes on its own: nothing left, or what is left still risky (a threat
            // cut short), and the message is denied instead (issue 35).
            rewrite = modelOnly(signals, raised) ? "" : SafeText.rewrite(content, rewriteSpans(signals));
            if (rewrite.isEmpty() || !passesAlone.test(rewrite)) {
                verdict = new Verdict(SafetyDecision.HARD_DENY, verdict.reason(), Optional.empty());
            }
        }
        SafetyDecision decision = verdict.decision();
        String source = hiddenSource(request.sender());
        String primary = switch (decision) {
            case ALLOW, DELIVER, DELAY, DEFER -> content;
            case SOFT_REWRITE -> rewrite;
            case SUMMARIZE -> summary(source, content, signals, raised);
            case SILENCE -> "A message from " + source + " was filtered (" + names(raised, verdict.reason())
                    + ") and kept under Held & filtered.";
            case ESCALATE -> personalSafety(raised)
                    ? "A message from " + source + " may concern someone's safety. It has been passed to a"
                    + " person who can help. If anyone is in immediate danger, call your local emergency number."
                    : "A message from " + source + " looks like a scam (" + names(raised, null) + "). It has been"
                    + " passed to a person to review. Do not open its links or reply with any details.";
            case HARD_DENY -> "Not sent: " + names(raised, verdict.reason()) + ".";
        };
        EmotionalTone tone = decision.passes() ? EmotionalTone.NEUTRAL
                : verdict.reason() == EnforcementReason.CRISIS && personalSafety(raised) ? EmotionalTone.SUPPORTIVE
                : EmotionalTone.PROTECTIVE;
        boolean blocked = switch (decision) {
            case ALLOW, DELIVER, DELAY, DEFER -> false;
            default -> true;
        };
        String action = decision == SafetyDecision.ESCALATE && !personalSafety(raised)
                ? "do not open its links or share any details" : suggestedAction(decision, verdict.reason());
        SafeOutput out = new SafeOutput(primary, urgency, source, action, tone);
        return new SafetyResult(traceId, request.direction(), decision, raised, verdict.reason(), out, blocked, at,
                signals.scores(), policy.version(), TraceIds.sha256(request.content()), verdict.delayUntil(), false);
    }

    SafetyResult failSafe(String traceId, SafetyRequest request, Instant at) {
        boolean inbound = request.direction() == Direction.IN;
        Map<RiskCategory, CategoryScore> scores = new EnumMap<>(RiskCategory.class);
        for (RiskCategory c : RiskCategory.values()) scores.put(c, CategoryScore.none(c));
        SafeOutput out = new SafeOutput(
                inbound ? "A message is held for review: it could not be checked." : "Held for review: it could not be checked.",
                RiskLevel.MEDIUM, hiddenSource(request.sender()), "wait for an operator to review it",
                EmotionalTone.PROTECTIVE);
        return new SafetyResult(traceId, request.direction(), inbound ? SafetyDecision.DELAY : SafetyDecision.HARD_DENY,
                List.of(), EnforcementReason.FAIL_SAFE, out, true, at, scores, policy.version(),
                TraceIds.sha256(request.content()), inbound ? Optional.of(at.plus(FAIL_SAFE_DELAY)) : Optional.empty(),
                true);
    }

    /**
     * {@code text} (a model's rewrite or summary, already validated again by the caller) as {@code result}'s safe text:
     * a rewrite as it is, a summary behind the same "Summary of a message from …" line the deterministic one has.
     */
    static String modelSafeText(SafetyResult result, String text) {
        return switch (result.decision()) {
            case SOFT_REWRITE -> text;
            case SUMMARIZE -> "Summary of a message from " + result.safeOutput().sourceHidden() + " (filtered: "
                    + (result.riskCategories().isEmpty() ? "content that could not be read"
                    : names(result.riskCategories(), null)) + "): " + text;
            default -> throw new IllegalArgumentException("no safe text to replace in a " + result.decision());
        };
    }

    private static String summary(String source, String content, Signals signals, List<RiskCategory> raised) {
        String rewrite = modelOnly(signals, raised) ? "" : SafeText.rewrite(content, rewriteSpans(signals));
        if (signals.score(RiskCategory.INFORMATION_OVERLOAD).level().atLeast(RiskLevel.MEDIUM)) {
            List<int[]> sentences = SafeText.sentences(rewrite);
            if (sentences.size() > 3) {
                rewrite = rewrite.substring(0, sentences.get(2)[1]).strip() + " (+" + (sentences.size() - 3)
                        + " more sentences)";
            }
        }
        String label = raised.isEmpty() ? "content that could not be read" : names(raised, null);
        return rewrite.isEmpty()
                ? "A message from " + source + " was summarised away: it contained " + label + "."
                : "Summary of a message from " + source + " (filtered: " + label + "): " + rewrite;
    }

    /**
     * True when a learned head raised one of {@code raised} and no lexicon word of that category marks where: the
     * model judges the whole message, so no sentence of it can be kept as safe (ADR 0019).
     */
    private static boolean modelOnly(Signals signals, List<RiskCategory> raised) {
        for (RiskCategory c : raised) {
            if (!signals.score(c).raisedByModel()) continue;
            boolean located = false;
            for (Signals.Span span : signals.spans()) located |= span.category() == c;
            if (!located) return true;
        }
        return false;
    }

    /**
     * The hits the safe text removes, of categories at medium or above (and any insult, harassment at low): pressure
     * words and strong hits (weight ≥ 1). Weak words of other categories ("free", "text", an amount) and hits of
     * categories that stayed low are part of the facts and stay.
     */
    static List<Signals.Span> rewriteSpans(Signals signals) {
        List<Signals.Span> used = new ArrayList<>();
        for (Signals.Span span : signals.spans()) {
            RiskLevel level = signals.score(span.category()).level();
            boolean pressure = span.category() == RiskCategory.URGENCY_ABUSE
                    || span.category() == RiskCategory.EMOTIONAL_MANIPULATION;
            if ((span.strong() || pressure) && (level.atLeast(RiskLevel.MEDIUM)
                    || span.category() == RiskCategory.HARASSMENT && level == RiskLevel.LOW)) {
                used.add(span);
            }
        }
        return used;
    }

    private static String names(List<RiskCategory> raised, EnforcementReason reason) {
        if (reason != null && reason != EnforcementReason.CONTENT_RISK && reason != EnforcementReason.CRISIS
                && reason != EnforcementReason.EMOTIONAL_ESCALATION) {
            return reason.wire().replace('_', ' ');
        }
        return raised.isEmpty() ? "risk" : raised.stream().map(c -> c.wire().replace('_', ' '))
                .collect(Collectors.joining(", "));
    }

    /** Whether an escalation is about someone's safety (self-harm, threats), not money (a scam at its critical). */
    private static boolean personalSafety(List<RiskCategory> raised) {
        return raised.contains(RiskCategory.SELF_HARM_TRIGGERS) || raised.contains(RiskCategory.HARASSMENT)
                || !raised.contains(RiskCategory.FINANCIAL_SCAM);
    }

    private static String suggestedAction(SafetyDecision decision, EnforcementReason reason) {
        return switch (decision) {
            case DELIVER -> "none";
            case ALLOW -> "send";
            case DELAY -> reason == EnforcementReason.QUIET_HOURS ? "read it after quiet hours"
                    : "no need to act now; it will be shown later";
            case SUMMARIZE -> "read the summary; open the original only if you need it";
            case SILENCE -> "review it under Held & filtered when you choose";
            case ESCALATE -> "reach out to a crisis line or someone you trust";
            case SOFT_REWRITE -> "send the rewritten text, or edit it";
            case DEFER -> "send it when quiet hours end";
            case HARD_DENY -> reason == EnforcementReason.CRISIS ? "reach out to a crisis line or someone you trust"
                    : "do not send it; reconsider the message";
        };
    }

    /** The sender anonymised: {@code src-} and the first 8 hex of its SHA-256; {@code unknown} when blank. */
    static String hiddenSource(String sender) {
        return sender == null || sender.isBlank() ? "unknown" : "src-" + TraceIds.sha256(sender).substring(0, 8);
    }
}
