package dev.parley.domain.safety;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * The facts under which only a message's content decides: a known contact, nothing sent before, no quiet hours, no
 * earlier risk. A test box's sample, a model's rewrite or summary, and the validator's own rewrite are checked under
 * them.
 */
public enum NeutralFacts implements BehaviourFacts {
    INSTANCE;

    @Override
    public int messagesLastHour(String source, String recipient, Instant at) {
        return 0;
    }

    @Override
    public int notificationsLastDay(String recipient, Instant at) {
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
