package dev.parley.domain.safety;

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
        this.output = new OutputGenerator(policy);
    }

    /** Validates one routed request (see {@link Direction#route(String)} for the router's error path). */
    public SafetyResult validate(SafetyRequest request, BehaviourFacts facts) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(facts, "facts");
        Instant at = request.timestamp() != null ? request.timestamp() : clock.instant();
        String traceId = TraceIds.of(request, at, policy.version());
        try {
            Signals signals = extractor.extract(request, at, facts);
            Verdict verdict = rules.evaluate(request, at, signals);
            return output.result(traceId, request, at, signals, verdict);
        } catch (RuntimeException e) {
            failures.failed(traceId, e);
            return output.failSafe(traceId, request, at);
        }
    }

    public SafetyPolicy policy() {
        return policy;
    }

    /** The policy version every result of this validator carries. */
    public String policyVersion() {
        return policy.version();
    }
}
