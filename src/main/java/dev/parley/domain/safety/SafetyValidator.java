package dev.parley.domain.safety;

import dev.parley.domain.message.Direction;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;

/**
 * The seed 002 validator: INPUT → ROUTE → EXTRACT → EVALUATE → DECIDE → OUTPUT. Pure and thread-safe; the
 * behavioural facts come through {@link BehaviourFacts}. {@link #validate} never throws for a routed request:
 * any exception inside (facts included) gives the fail-safe answer ({@link SafetyResult#failSafe()}: inbound
 * DELAY, outbound HARD_DENY to be held for review) and is reported to the {@link ValidationFailureListener}.
 */
public final class SafetyValidator {
    private final SafetyPolicy policy;
    private final Clock clock;
    private final ValidationFailureListener failures;
    private final SignalExtractor extractor;
    private final RuleEngine rules;
    private final OutputGenerator output;

    public SafetyValidator(SafetyPolicy policy, Clock clock, ValidationFailureListener failures) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.failures = Objects.requireNonNull(failures, "failures");
        this.extractor = new SignalExtractor(policy);
        this.rules = new RuleEngine(policy.rules());
        this.output = new OutputGenerator(policy, this::passesAlone);
    }

    /** Validates one routed request (see {@link Directions#route(String)} for the router's error path). */
    public SafetyResult validate(SafetyRequest request, BehaviourFacts facts) {
        return validate(request, facts, ContentModel.NONE);
    }

    /**
     * As {@link #validate(SafetyRequest, BehaviourFacts)}, with the learned heads' signals of {@code model} beside the
     * lexicons (ADR 0019). The model is asked once, for a message with text; if it fails, the answer is the fail-safe
     * one, as for any failure inside. {@link ContentModel#NONE} gives exactly the lexicon-only answer.
     */
    public SafetyResult validate(SafetyRequest request, BehaviourFacts facts, ContentModel model) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(facts, "facts");
        Objects.requireNonNull(model, "model");
        Instant at = request.timestamp() != null ? request.timestamp() : clock.instant();
        String traceId = TraceIds.of(request, at, policy.version(), model.version());
        try {
            ModelSignals modelSignals = request.content() == null || request.content().isBlank() ? ModelSignals.NONE
                    : model.signals(request.content());
            Signals signals = extractor.extract(request, at, facts, modelSignals);
            Verdict verdict = rules.evaluate(request, at, signals);
            return output.result(traceId, request, at, signals, verdict);
        } catch (RuntimeException e) {
            failures.failed(traceId, e);
            return output.failSafe(traceId, request, at);
        }
    }

    /**
     * Whether {@code text} would pass as an outbound message of its own: on its content alone (the lexicons; no
     * behavioural facts, no model: {@link NeutralFacts}) no category's cell does more than let it pass. Information
     * overload is left out: it measures volume, which no rewrite changes (a long message is rewritten for its
     * pressure words, and may then be sent). A soft rewrite is sent only when this holds.
     */
    private boolean passesAlone(String text) {
        var request = SafetyRequest.of(Direction.OUT, text, "", "", "", null);
        Signals signals = extractor.extract(request, clock.instant(), NeutralFacts.INSTANCE, ModelSignals.NONE);
        for (RiskCategory c : RiskCategory.values()) {
            if (c == RiskCategory.INFORMATION_OVERLOAD) continue;
            if (!ThresholdMatrix.decision(c, signals.score(c).level(), Direction.OUT).passes()) return false;
        }
        return true;
    }

    public SafetyPolicy policy() {
        return policy;
    }

    /** The policy version every result of this validator carries. */
    public String policyVersion() {
        return policy.version();
    }
}
