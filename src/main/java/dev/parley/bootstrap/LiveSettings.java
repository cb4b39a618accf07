package dev.parley.bootstrap;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which configuration keys a running Parley applies at once (webhook secrets and tokens, trusted proxies, the sender,
 * the model), which need the listener restarted (its address, and the API token it checks), and, every other key,
 * which need Parley itself restarted (the store, the playbooks and assistant it installed, cassettes, recording).
 */
final class LiveSettings {
    static final Set<ConfigKey> LISTENER = Set.of(ConfigKey.LISTENER_BIND, ConfigKey.LISTENER_PORT,
            ConfigKey.LISTENER_ALLOW_REMOTE, ConfigKey.API_TOKEN);
    /** Model keys that a new model client takes (cassettes and recording are fixed at start). */
    static final Set<ConfigKey> MODEL = Set.of(ConfigKey.MODEL_PROVIDER, ConfigKey.MODEL_BASE_URL, ConfigKey.MODEL_NAME,
            ConfigKey.MODEL_API_KEY, ConfigKey.MODEL_CONNECT_TIMEOUT, ConfigKey.MODEL_READ_TIMEOUT,
            ConfigKey.MODEL_MAX_RETRIES, ConfigKey.MODEL_MAX_RETRY_WAIT, ConfigKey.MODEL_CIRCUIT_FAILURES,
            ConfigKey.MODEL_CIRCUIT_OPEN_SECONDS);
    /** Read at each request (the safety rewrite: at each message). */
    static final Set<ConfigKey> REQUEST = Set.of(ConfigKey.WEBHOOKS_GENERIC_SECRET, ConfigKey.WEBHOOKS_GENERIC_INSECURE,
            ConfigKey.WEBHOOKS_TWILIO_AUTH_TOKEN, ConfigKey.WEBHOOKS_TWILIO_PUBLIC_URL,
            ConfigKey.LISTENER_TRUSTED_PROXIES, ConfigKey.WEBHOOKS_TELEGRAM_SECRET, ConfigKey.SAFETY_REWRITE);
    static final Set<ConfigKey> SENDER = Set.of(ConfigKey.SENDER, ConfigKey.TWILIO_ACCOUNT_SID, ConfigKey.TWILIO_FROM,
            ConfigKey.TWILIO_BASE_URL, ConfigKey.WEBHOOKS_TWILIO_AUTH_TOKEN, ConfigKey.SENDER_WEBHOOK_URL,
            ConfigKey.SENDER_WEBHOOK_SECRET);

    /** What a change of configuration did: applied now, waiting for the listener, waiting for a restart. */
    record Outcome(List<String> applied, List<String> listener, List<String> restart) {
    }

    private LiveSettings() {
    }

    /** Sorts the changed keys: applied at once, waiting for the listener's restart, waiting for Parley's. */
    static Outcome outcome(List<ConfigKey> changed) {
        var applied = new ArrayList<String>();
        var listener = new ArrayList<String>();
        var restart = new ArrayList<String>();
        for (var key : changed) {
            (LISTENER.contains(key) ? listener : live(key) ? applied : restart).add(key.key());
        }
        return new Outcome(List.copyOf(applied), List.copyOf(listener), List.copyOf(restart));
    }

    static boolean model(ConfigKey key) {
        return MODEL.contains(key);
    }

    static boolean live(ConfigKey key) {
        return MODEL.contains(key) || SENDER.contains(key) || REQUEST.contains(key);
    }
}
