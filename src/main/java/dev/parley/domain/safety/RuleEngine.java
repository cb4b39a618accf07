package dev.parley.domain.safety;

import dev.parley.domain.message.Direction;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * EVALUATE and DECIDE: the seed's enforcement hierarchy as a list of rules, in order (1 critical override, 2 time,
 * 3 frequency, 4 content, 5 default allow). Level 1 decides at once. Levels 2–4 may all apply; conflicts go to the
 * most restrictive decision, ties to the earlier level (whose reason is reported). Nothing applies → level 5.
 */
final class RuleEngine {
    private final SafetyRules rules;
    private final List<Rule> hierarchy;

    RuleEngine(SafetyRules rules) {
        this.rules = rules;
        this.hierarchy = List.of(this::criticalOverride, this::timeEnforcement, this::repeatedContact,
                this::notificationLimit, this::contentFiltering);
    }

    /** One rule of the hierarchy: a verdict when it applies. */
    @FunctionalInterface
    interface Rule {
        Optional<Verdict> apply(SafetyRequest request, Instant at, Signals signals);
    }

    Verdict evaluate(SafetyRequest request, Instant at, Signals signals) {
        Verdict chosen = null;
        for (Rule rule : hierarchy) {
            Optional<Verdict> v = rule.apply(request, at, signals);
            if (v.isEmpty()) continue;
            if (v.get().reason() == EnforcementReason.CRISIS) return v.get();
            if (chosen == null || v.get().decision().restrictiveness() > chosen.decision().restrictiveness()) {
                chosen = v.get();
            }
        }
        return chosen != null ? chosen : new Verdict(pass(request.direction()), EnforcementReason.NONE, Optional.empty());
    }

    /** 1. CRITICAL_OVERRIDE: self-harm at any level, or any category at an Escalate cell (threats included). */
    private Optional<Verdict> criticalOverride(SafetyRequest request, Instant at, Signals signals) {
        for (RiskCategory c : RiskCategory.values()) {
            CategoryScore s = signals.score(c);
            if (s.raised() && ThresholdMatrix.cell(c, s.level()) == MatrixAction.ESCALATE) {
                return Optional.of(new Verdict(MatrixAction.ESCALATE.decision(request.direction()),
                        EnforcementReason.CRISIS, Optional.empty()));
            }
        }
        return Optional.empty();
    }

    /**
     * 2. TIME_ENFORCEMENT ("delay_or_block"): quiet hours in the recipient's zone(s) → inbound DELAY, outbound DEFER,
     * both until they end (issue 35: outbound was denied).
     */
    private Optional<Verdict> timeEnforcement(SafetyRequest request, Instant at, Signals signals) {
        return signals.quietUntil().map(until -> new Verdict(request.direction() == Direction.IN
                ? SafetyDecision.DELAY : SafetyDecision.DEFER, EnforcementReason.QUIET_HOURS, Optional.of(until)));
    }

    /** 3a. FREQUENCY_LIMITS per source: the hour's limit reached → inbound DELAY one hour, outbound deny. */
    private Optional<Verdict> repeatedContact(SafetyRequest request, Instant at, Signals signals) {
        if (signals.messagesLastHour() < rules.frequencyLimits().maxMessagesPerHour()) return Optional.empty();
        return Optional.of(request.direction() == Direction.IN
                ? new Verdict(SafetyDecision.DELAY, EnforcementReason.REPEATED_CONTACT,
                        Optional.of(at.plus(1, ChronoUnit.HOURS)))
                : new Verdict(SafetyDecision.HARD_DENY, EnforcementReason.REPEATED_CONTACT, Optional.empty()));
    }

    /** 3b. FREQUENCY_LIMITS per recipient: the day's limit reached → inbound DELAY to the next work hours, outbound deny. */
    private Optional<Verdict> notificationLimit(SafetyRequest request, Instant at, Signals signals) {
        if (signals.notificationsLastDay() < rules.frequencyLimits().maxNotificationsPerDay()) return Optional.empty();
        return Optional.of(request.direction() == Direction.IN
                ? new Verdict(SafetyDecision.DELAY, EnforcementReason.NOTIFICATION_LIMIT,
                        Optional.of(laterOf(signals.workStart(), at.plus(1, ChronoUnit.HOURS))))
                : new Verdict(SafetyDecision.HARD_DENY, EnforcementReason.NOTIFICATION_LIMIT, Optional.empty()));
    }

    /**
     * 4. CONTENT_FILTERING: each raised category's matrix cell, mapped to a decision; the most restrictive wins.
     * Unknown content (no text) is SUMMARIZE / SOFT_REWRITE (seed fail-safe mode).
     */
    private Optional<Verdict> contentFiltering(SafetyRequest request, Instant at, Signals signals) {
        Direction d = request.direction();
        SafetyDecision decision = pass(d);
        MatrixAction action = MatrixAction.ALLOW;
        for (RiskCategory c : RiskCategory.values()) {
            RiskLevel level = signals.score(c).level();
            SafetyDecision cellDecision = ThresholdMatrix.decision(c, level, d);
            if (cellDecision.restrictiveness() > decision.restrictiveness()) {
                decision = cellDecision;
                action = ThresholdMatrix.cell(c, level);
            }
        }
        if (signals.unknownContent() && decision.restrictiveness() < MatrixAction.SUMMARIZE.decision(d).restrictiveness()) {
            return Optional.of(new Verdict(MatrixAction.SUMMARIZE.decision(d), EnforcementReason.UNKNOWN_CONTENT,
                    Optional.empty()));
        }
        if (decision.passes()) return Optional.empty();
        EnforcementReason reason = signals.escalation() ? EnforcementReason.EMOTIONAL_ESCALATION
                : EnforcementReason.CONTENT_RISK;
        Optional<Instant> until = Optional.empty();
        if (decision == SafetyDecision.DELAY) {
            // Batch waits for the next work hours (the seed's work_hours); Delay holds for delay_minutes.
            Instant delayed = at.plus(rules.timeRules().delayMinutes(), ChronoUnit.MINUTES);
            until = Optional.of(action == MatrixAction.BATCH ? laterOf(signals.workStart(), delayed) : delayed);
        }
        return Optional.of(new Verdict(decision, reason, until));
    }

    private static Instant laterOf(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    static SafetyDecision pass(Direction d) {
        return d == Direction.IN ? SafetyDecision.DELIVER : SafetyDecision.ALLOW;
    }
}
