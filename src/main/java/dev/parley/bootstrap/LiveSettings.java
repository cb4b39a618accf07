package dev.parley.bootstrap;

import java.util.List;
import java.util.Set;

/**
 * Which configuration keys a running Parley applies at once, which need the listener restarted (its address, and
 * the API token it checks), and which need Parley itself restarted (the store, the playbooks it installed, the model
 * call recording).
 */
final class LiveSettings {
    static final Set<ConfigKey> LISTENER = Set.of(ConfigKey.LISTENER_BIND, ConfigKey.LISTENER_PORT,
            ConfigKey.LISTENER_ALLOW_REMOTE, ConfigKey.API_TOKEN);
    static final Set<ConfigKey> RESTART = Set.of(ConfigKey.DB_URL, ConfigKey.DB_USER, ConfigKey.DB_PASSWORD,
            ConfigKey.DB_POOL_SIZE, ConfigKey.PLAYBOOK_DEFAULT, ConfigKey.MODEL_CASSETTE,
            ConfigKey.MODEL_DEBUG_RECORDING);
    static final Set<ConfigKey> SENDER = Set.of(ConfigKey.SENDER, ConfigKey.TWILIO_ACCOUNT_SID, ConfigKey.TWILIO_FROM,
            ConfigKey.TWILIO_BASE_URL, ConfigKey.WEBHOOKS_TWILIO_AUTH_TOKEN, ConfigKey.SENDER_WEBHOOK_URL,
            ConfigKey.SENDER_WEBHOOK_SECRET);

    /** What a change of configuration did: applied now, waiting for the listener, waiting for a restart. */
    record Outcome(List<String> applied, List<String> listener, List<String> restart) {
    }

    private LiveSettings() {
    }

    static boolean model(ConfigKey key) {
        return key.key().startsWith("model.") && !RESTART.contains(key);
    }
}
