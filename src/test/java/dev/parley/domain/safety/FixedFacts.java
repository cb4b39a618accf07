package dev.parley.domain.safety;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/** Behavioural facts given outright, for rule tests (a port implementation, not a mock). */
record FixedFacts(int messagesLastHour, int notificationsLastDay, ContactHistory history, List<ZoneId> zones,
                  List<RiskLevel> recent, boolean quiet) implements BehaviourFacts {

    static final ZoneId LONDON = ZoneId.of("Europe/London");

    /** A known contact in London, no recent traffic. */
    static FixedFacts calm() {
        return new FixedFacts(0, 0, ContactHistory.KNOWN, List.of(LONDON), List.of(), true);
    }

    FixedFacts withMessagesLastHour(int n) {
        return new FixedFacts(n, notificationsLastDay, history, zones, recent, quiet);
    }

    FixedFacts withNotificationsLastDay(int n) {
        return new FixedFacts(messagesLastHour, n, history, zones, recent, quiet);
    }

    FixedFacts withHistory(ContactHistory h) {
        return new FixedFacts(messagesLastHour, notificationsLastDay, h, zones, recent, quiet);
    }

    FixedFacts withZones(List<ZoneId> z) {
        return new FixedFacts(messagesLastHour, notificationsLastDay, history, z, recent, quiet);
    }

    FixedFacts withRecent(List<RiskLevel> r) {
        return new FixedFacts(messagesLastHour, notificationsLastDay, history, zones, r, quiet);
    }

    /** A recipient quiet hours do not protect (a team inbox): the port's explicit "does not apply". */
    FixedFacts withoutQuietHours() {
        return new FixedFacts(messagesLastHour, notificationsLastDay, history, zones, recent, false);
    }

    @Override
    public boolean quietHoursApply(String recipient, String channel) {
        return quiet;
    }

    @Override
    public int messagesLastHour(String source, String recipient, Instant at) {
        return messagesLastHour;
    }

    @Override
    public int notificationsLastDay(String recipient, Instant at) {
        return notificationsLastDay;
    }

    @Override
    public ContactHistory contactHistory(String source, String recipient) {
        return history;
    }

    @Override
    public List<ZoneId> recipientZones(String recipient, String channel) {
        return zones;
    }

    @Override
    public List<RiskLevel> recentRiskLevels(String conversation, int limit) {
        return recent.subList(Math.max(0, recent.size() - limit), recent.size());
    }
}
