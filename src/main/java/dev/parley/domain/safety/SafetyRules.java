package dev.parley.domain.safety;

import java.time.LocalTime;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The contents of {@code safety.json} as values: the seed's frozen thresholds, time rules and frequency limits,
 * and Parley's lexicons, link signals ({@link LinkRules}) and crisis resources (phrases and patterns of helplines: a
 * message that offers them is not a self-harm trigger for their sake, issue 35). Validated on construction.
 */
public record SafetyRules(Map<RiskCategory, Integer> thresholds, TimeRules timeRules, FrequencyLimits frequencyLimits,
                          Map<RiskCategory, List<LexiconEntry>> lexicons, LinkRules links,
                          List<LexiconEntry> crisisResources) {

    /** Rules without link signals or crisis resources. */
    public SafetyRules(Map<RiskCategory, Integer> thresholds, TimeRules timeRules, FrequencyLimits frequencyLimits,
                       Map<RiskCategory, List<LexiconEntry>> lexicons) {
        this(thresholds, timeRules, frequencyLimits, lexicons, LinkRules.NONE, List.of());
    }

    public SafetyRules {
        Objects.requireNonNull(links, "links");
        crisisResources = List.copyOf(crisisResources);
        for (RiskCategory c : RiskCategory.values()) {
            Integer t = thresholds.get(c);
            if (t == null || t < 1) {
                throw new IllegalArgumentException("risk_thresholds." + c.wire() + " must be a whole number ≥ 1");
            }
        }
        thresholds = Map.copyOf(new EnumMap<>(thresholds));
        Objects.requireNonNull(timeRules, "timeRules");
        Objects.requireNonNull(frequencyLimits, "frequencyLimits");
        Map<RiskCategory, List<LexiconEntry>> copy = new EnumMap<>(RiskCategory.class);
        lexicons.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        lexicons = Map.copyOf(copy);
    }

    public int threshold(RiskCategory category) {
        return thresholds.get(category);
    }

    public List<LexiconEntry> lexicon(RiskCategory category) {
        return lexicons.getOrDefault(category, List.of());
    }

    /**
     * Seed time rules. Quiet hours wrap midnight when start &gt; end. {@code delayMinutes} is Parley's: how long a
     * medium urgency message is held (DELAY removes the time pressure). Work hours are when batched messages are
     * released (ADR 0010).
     */
    public record TimeRules(LocalTime quietStart, LocalTime quietEnd, LocalTime workStart, LocalTime workEnd,
                            int delayMinutes) {
        public TimeRules {
            Objects.requireNonNull(quietStart, "quietStart");
            Objects.requireNonNull(quietEnd, "quietEnd");
            Objects.requireNonNull(workStart, "workStart");
            Objects.requireNonNull(workEnd, "workEnd");
            if (quietStart.equals(quietEnd)) {
                throw new IllegalArgumentException("time_rules.quiet_hours: start and end must differ");
            }
            if (!workStart.isBefore(workEnd)) {
                throw new IllegalArgumentException("time_rules.work_hours: start must be before end");
            }
            if (delayMinutes < 1 || delayMinutes > 24 * 60) {
                throw new IllegalArgumentException("time_rules.delay_minutes must be between 1 and 1440");
            }
        }

        /** True when local time {@code t} is inside quiet hours (start inclusive, end exclusive). */
        public boolean isQuiet(LocalTime t) {
            return quietStart.isBefore(quietEnd)
                    ? !t.isBefore(quietStart) && t.isBefore(quietEnd)
                    : !t.isBefore(quietStart) || t.isBefore(quietEnd);
        }

        /** True when local time {@code t} is inside work hours. */
        public boolean isWork(LocalTime t) {
            return !t.isBefore(workStart) && t.isBefore(workEnd);
        }
    }

    /** Seed frequency limits (platform policy). */
    public record FrequencyLimits(int maxMessagesPerHour, int maxNotificationsPerDay, int escalationThreshold) {
        public FrequencyLimits {
            if (maxMessagesPerHour < 1) throw new IllegalArgumentException("frequency_limits.max_messages_per_hour must be ≥ 1");
            if (maxNotificationsPerDay < 1) throw new IllegalArgumentException("frequency_limits.max_notifications_per_day must be ≥ 1");
            if (escalationThreshold < 2) throw new IllegalArgumentException("frequency_limits.escalation_threshold must be ≥ 2");
        }
    }
}
