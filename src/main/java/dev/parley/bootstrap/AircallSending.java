package dev.parley.bootstrap;

import dev.parley.adapter.channels.AircallSender;
import dev.parley.application.outbox.Sender;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import okhttp3.OkHttpClient;

/**
 * The sender of the {@code aircall} channel (conversations that arrived through {@code /webhooks/aircall}, or that an
 * operator started on it): the Aircall Public API whenever its three keys are set, whatever the default
 * {@code sender} of the other channels is. A text that came in on the Aircall number is answered from it.
 */
final class AircallSending {
    private static final List<ConfigKey> API_KEYS =
            List.of(ConfigKey.AIRCALL_API_ID, ConfigKey.AIRCALL_API_TOKEN, ConfigKey.AIRCALL_NUMBER_ID);

    private AircallSending() {
    }

    /**
     * The Aircall sender, or empty when no Aircall API key is set (the channel then uses the default sender: with
     * {@code sender=local} nothing leaves the machine). Refuses a partial set of keys, and an Aircall webhook without
     * the API when the default sender is Twilio (the buyer would get the answer from another number).
     */
    static Optional<Sender> of(ParleyConfig config, Sender defaultSender, Supplier<OkHttpClient> http) {
        if (defaultSender instanceof AircallSender) {
            return Optional.of(defaultSender);
        }
        var missing = API_KEYS.stream().filter(key -> config.get(key).isEmpty()).toList();
        if (missing.isEmpty()) {
            return Optional.of(new AircallSender(http.get(), config.get(ConfigKey.AIRCALL_BASE_URL),
                    config.get(ConfigKey.AIRCALL_API_ID), config.get(ConfigKey.AIRCALL_API_TOKEN),
                    config.get(ConfigKey.AIRCALL_NUMBER_ID)));
        }
        if (missing.size() < API_KEYS.size()) {
            throw new ConfigException(missing.getFirst().key(), "required with the other Aircall API keys "
                    + "(aircall.api_id, aircall.api_token, aircall.number_id): the aircall channel sends through them");
        }
        if (!config.get(ConfigKey.WEBHOOKS_AIRCALL_TOKEN).isEmpty() && "twilio".equals(config.get(ConfigKey.SENDER))) {
            throw new ConfigException(ConfigKey.AIRCALL_API_ID.key(), "required when webhooks.aircall.token is set "
                    + "and sender=twilio: texts that arrive on the Aircall number are answered through Aircall, "
                    + "never from the Twilio number");
        }
        return Optional.empty();
    }
}
