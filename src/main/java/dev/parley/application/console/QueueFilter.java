package dev.parley.application.console;

/**
 * Filters of a queue page, over the whole store; null or blank fields do not filter. {@code search} matches the
 * contact (address, name), the conversation key and the words of message text; {@code alerts} is one of
 * {@link #ALERT_FILTERS}.
 */
public record QueueFilter(String playbook, String state, String channel, String search, String alerts) {
    public static final QueueFilter NONE = new QueueFilter(null, null, null, null, null);
    /** What the alert filter accepts: unresolved alerts of that kind, or none at all. */
    public static final java.util.List<String> ALERT_FILTERS = java.util.List.of("critical", "warning",
            "opportunity", "any", "none");

    public QueueFilter(String playbook, String state, String channel, String search) {
        this(playbook, state, channel, search, null);
    }

    public QueueFilter {
        if (!blank(alerts) && !ALERT_FILTERS.contains(alerts.strip())) {
            throw new IllegalArgumentException("alerts filter must be one of " + ALERT_FILTERS);
        }
    }

    public boolean isEmpty() {
        return blank(playbook) && blank(state) && blank(channel) && blank(search) && blank(alerts);
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
