package dev.parley.application.console;

/**
 * How this process is linked to a store it shares with other processes (team mode, docs/team.md), for the console's
 * status bar: whether the other processes' events arrive live (LISTEN/NOTIFY; while they do not, the console polls)
 * and whether this process is registered (while it is not, it claims and sends nothing). {@link #SOLE} on a store one
 * process owns.
 */
public record StoreLink(boolean shared, boolean live, boolean registered) {
    public static final StoreLink SOLE = new StoreLink(false, true, true);

    /** Whether something is wrong that an operator should see. */
    public boolean degraded() {
        return shared && (!live || !registered);
    }

    /** The status bar's words: empty on a store of one's own. */
    public String summary() {
        if (!shared) return "";
        if (!registered) return "Team store: connection lost, sending paused until it is back";
        if (!live) return "Team store: live updates lost, refreshing every few seconds";
        return "Team store: live";
    }
}
