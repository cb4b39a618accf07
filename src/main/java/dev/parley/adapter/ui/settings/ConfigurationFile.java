package dev.parley.adapter.ui.settings;

import java.util.List;
import java.util.Map;

/**
 * Port to {@code parley.properties} and the running Parley: the settings view reads keys, saves changes, and has
 * them applied without a restart where they can be.
 */
public interface ConfigurationFile {
    Map<String, String> read();

    /** Saves {@code changes} (checked like at start) for the next start. */
    void write(Map<String, String> changes);

    /** A fresh Standard Webhooks secret ({@code whsec_…}). */
    String newWebhookSecret();

    /**
     * What saving did with each changed key: applied now, waiting for the listener to restart (its address), or
     * waiting for Parley to restart.
     */
    record Applied(List<String> now, List<String> listener, List<String> restart) {
        public boolean listenerRestartNeeded() {
            return !listener.isEmpty();
        }
    }

    /**
     * Saves {@code changes} and applies at once what can be (secrets, sender, model, alert patterns); a change that
     * cannot be applied (e.g. a sender missing its credentials) is refused before anything is saved. Without a
     * running Parley every key waits for the next start.
     */
    default Applied apply(Map<String, String> changes) {
        var before = read();
        write(changes);
        return new Applied(List.of(), List.of(), changes.keySet().stream()
                .filter(k -> !java.util.Objects.equals(before.get(k), changes.get(k))).sorted().toList());
    }

    /** Restarts the listener on the saved address and port; returns {@code address:port}. */
    default String restartListener() {
        throw new UnsupportedOperationException("no running listener to restart");
    }
}
