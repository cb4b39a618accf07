package dev.parley.application.safety;

import dev.parley.domain.safety.BehaviourFacts;
import dev.parley.domain.safety.ContactHistory;
import dev.parley.domain.safety.RiskLevel;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * The facts of a test box's sample: a known contact, nothing sent before, and no quiet hours, so only the content
 * rules decide (what an editor of the lexicons wants to see).
 */
public record SampleFacts() implements BehaviourFacts {
    @Override
    public int messagesLastHour(String source, String recipient, Instant when) {
        return 0;
    }

    @Override
    public int notificationsLastDay(String recipient, Instant when) {
        return 0;
    }

    @Override
    public ContactHistory contactHistory(String source, String recipient) {
        return ContactHistory.KNOWN;
    }

    @Override
    public boolean quietHoursApply(String recipient, String channel) {
        return false;
    }

    @Override
    public List<ZoneId> recipientZones(String recipient, String channel) {
        return List.of();
    }

    @Override
    public List<RiskLevel> recentRiskLevels(String conversation, int limit) {
        return List.of();
    }
}
