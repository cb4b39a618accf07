package dev.parley.domain.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.message.Direction;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The batch's facts: their time windows stay bounded however many messages one recipient gets (issue 35). */
class InMemoryBehaviourFactsTest {
    private static final Instant START = Instant.parse("2026-11-27T08:00:00Z");

    private static SafetyResult result(SafetyRequest request, Instant at) {
        var scores = new java.util.EnumMap<RiskCategory, CategoryScore>(RiskCategory.class);
        for (var c : RiskCategory.values()) scores.put(c, CategoryScore.none(c));
        return new SafetyResult("t", request.direction(), SafetyDecision.DELIVER, java.util.List.of(),
                EnforcementReason.NONE, new SafeOutput("x", RiskLevel.NONE, "src", "none", EmotionalTone.NEUTRAL),
                false, at, Map.copyOf(scores), "v", "sha", java.util.Optional.empty(), false);
    }

    @Test
    void aMillionMessagesToOneRecipientWithinADayKeepAtMostTheCapAndStillReachEveryLimit() {
        int cap = 50;
        var facts = new InMemoryBehaviourFacts(ZoneLookup.UNKNOWN, 1_000, cap);
        int largest = 0;
        for (int i = 0; i < 1_000_000; i++) {
            var at = START.plusMillis(i * 50L); // a million messages in under 14 hours: all inside one day
            var request = SafetyRequest.of(Direction.IN, "hello", "+15550100", "+15550199", "sms", at);
            facts.record(request, result(request, at));
            if ((i & 0xFFF) == 0) largest = Math.max(largest, facts.largestWindow());
        }
        assertThat(Math.max(largest, facts.largestWindow())).isEqualTo(cap);
        var next = START.plusMillis(1_000_000L * 50);
        assertThat(facts.notificationsLastDay("+15550199", next)).isEqualTo(cap);
        assertThat(facts.messagesLastHour("+15550100", "+15550199", next)).isEqualTo(cap);
    }

    @Test
    void belowTheCapCountsAreExactAndOldInstantsLeaveTheirWindow() {
        var facts = new InMemoryBehaviourFacts(ZoneLookup.UNKNOWN, 1_000, 50);
        for (int i = 0; i < 6; i++) {
            var at = START.plusSeconds(i * 20 * 60L); // every 20 minutes, for 100 minutes
            var request = SafetyRequest.of(Direction.IN, "hello", "a", "b", "sms", at);
            facts.record(request, result(request, at));
        }
        var now = START.plusSeconds(110 * 60L);
        assertThat(facts.messagesLastHour("a", "b", now)).isEqualTo(3); // 60, 80 and 100 minutes
        assertThat(facts.notificationsLastDay("b", now)).isEqualTo(6);
        assertThat(facts.largestWindow()).isEqualTo(6);
    }

    @Test
    void theCapIsTheLargestFrequencyLimitOfThePolicy() {
        assertThat(InMemoryBehaviourFacts.countCapFor(TestPolicies.levels().rules())).isEqualTo(
                Math.max(TestPolicies.levels().rules().frequencyLimits().maxMessagesPerHour(),
                        TestPolicies.levels().rules().frequencyLimits().maxNotificationsPerDay()));
    }
}
