package dev.parley.application.console;

/** Filters of a queue page; null or blank fields do not filter. {@code search} matches contact or key. */
public record QueueFilter(String playbook, String state, String channel, String search) {
    public static final QueueFilter NONE = new QueueFilter(null, null, null, null);

    public boolean isEmpty() {
        return blank(playbook) && blank(state) && blank(channel) && blank(search);
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
