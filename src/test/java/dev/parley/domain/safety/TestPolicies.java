package dev.parley.domain.safety;

import dev.parley.adapter.alerts.LinearTimeTermFinderCompiler;
import java.time.LocalTime;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A policy with the seed's frozen thresholds, time rules and limits, and one made-up term per category and level
 * ({@code <prefix>low}, {@code <prefix>medium}, {@code <prefix>high}, {@code <prefix>critical}) weighted to land
 * exactly on that level: so every cell of the threshold matrix can be reached on purpose.
 */
final class TestPolicies {
    static final Map<RiskCategory, Integer> SEED_THRESHOLDS = Map.of(
            RiskCategory.EMOTIONAL_MANIPULATION, 2, RiskCategory.URGENCY_ABUSE, 1, RiskCategory.HARASSMENT, 2,
            RiskCategory.FINANCIAL_SCAM, 1, RiskCategory.SELF_HARM_TRIGGERS, 1, RiskCategory.SPAM_ESCALATION, 3,
            RiskCategory.INFORMATION_OVERLOAD, 20);

    private TestPolicies() {
    }

    static String prefix(RiskCategory c) {
        return switch (c) {
            case EMOTIONAL_MANIPULATION -> "emo";
            case URGENCY_ABUSE -> "urg";
            case HARASSMENT -> "har";
            case FINANCIAL_SCAM -> "fin";
            case SELF_HARM_TRIGGERS -> "self";
            case SPAM_ESCALATION -> "spam";
            case INFORMATION_OVERLOAD -> "over";
        };
    }

    /** The made-up term that puts {@code c} at {@code level} (one segment of text adds 1 to information overload). */
    static String term(RiskCategory c, RiskLevel level) {
        return prefix(c) + level.wire();
    }

    static SafetyPolicy levels() {
        Map<RiskCategory, List<LexiconEntry>> lexicons = new EnumMap<>(RiskCategory.class);
        for (RiskCategory c : RiskCategory.values()) {
            int t = SEED_THRESHOLDS.get(c);
            // weights: low = t/2, medium = t, high = 2t, critical = 3t (overload's one segment keeps each level)
            lexicons.put(c, List.of(
                    entry(c, RiskLevel.LOW, t / 2.0),
                    entry(c, RiskLevel.MEDIUM, t),
                    entry(c, RiskLevel.HIGH, 2.0 * t),
                    entry(c, RiskLevel.CRITICAL, 3.0 * t)));
        }
        return SafetyPolicy.compile(new SafetyRules(SEED_THRESHOLDS, seedTime(), seedLimits(), lexicons),
                new LinearTimeTermFinderCompiler(), "test-levels");
    }

    static SafetyRules.TimeRules seedTime() {
        return new SafetyRules.TimeRules(LocalTime.of(22, 0), LocalTime.of(7, 0), LocalTime.of(9, 0),
                LocalTime.of(17, 0), 60);
    }

    static SafetyRules.FrequencyLimits seedLimits() {
        return new SafetyRules.FrequencyLimits(5, 50, 3);
    }

    private static LexiconEntry entry(RiskCategory c, RiskLevel level, double weight) {
        return new LexiconEntry(level.wire(), List.of(term(c, level)), Optional.empty(), weight, RiskLevel.NONE);
    }
}
