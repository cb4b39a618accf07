package dev.parley.bootstrap;

import dev.parley.adapter.channels.AircallSender;
import dev.parley.adapter.channels.ChannelSenders;
import dev.parley.adapter.channels.LocalSender;
import dev.parley.adapter.channels.TwilioSender;
import dev.parley.adapter.channels.WebhookSender;
import dev.parley.adapter.http.WebhookRoutes;
import dev.parley.adapter.telegram.TelegramBotApi;
import dev.parley.adapter.telegram.TelegramPoller;
import dev.parley.adapter.telegram.TelegramSender;
import dev.parley.adapter.telegram.TelegramUpdate;
import dev.parley.application.Sleeper;
import dev.parley.application.outbox.Sender;
import dev.parley.application.outbox.Senders;
import dev.parley.application.pipeline.ReceiveInboundMessage;
import dev.parley.application.store.Transactions;
import java.time.Clock;
import java.util.random.RandomGenerator;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Part of the composition root: the outbox's senders by channel and the Telegram poller, from the configuration. */
final class SenderInstallation {
    private static final Logger LOG = LoggerFactory.getLogger(SenderInstallation.class);

    private SenderInstallation() {
    }

    /**
     * The sender of each channel: the configured default ({@code sender}) for every channel, unless a channel adapter
     * routes its own here ({@code .route("telegram", telegramSender)}); {@code aircall} → the Aircall API when set.
     */
    static Senders senders(ParleyConfig config, SwitchableSender configured) {
        var senders = new ChannelSenders(configured);
        AircallSending.of(config, configured.current(), SenderInstallation::http)
                .ifPresent(aircall -> senders.route(WebhookRoutes.AIRCALL_CHANNEL, aircall));
        var telegramToken = config.get(ConfigKey.TELEGRAM_TOKEN);
        if (telegramToken != null && !telegramToken.isEmpty()) {
            // Telegram conversations' replies through the Bot API, anchored to the message they answer
            senders.route(TelegramUpdate.CHANNEL, new TelegramSender(http(), config.get(ConfigKey.TELEGRAM_API_BASE),
                    telegramToken));
        }
        LOG.info("outbox senders by channel: {}", senders.describe());
        return senders;
    }

    /** The sender of {@code sender} (the local one by default); a missing required key is a {@link ConfigException}. */
    static Sender defaultSender(ParleyConfig config) {
        return switch (config.get(ConfigKey.SENDER)) {
            case "twilio" -> new TwilioSender(http(), config.get(ConfigKey.TWILIO_BASE_URL),
                    required(config, ConfigKey.TWILIO_ACCOUNT_SID), required(config, ConfigKey.WEBHOOKS_TWILIO_AUTH_TOKEN),
                    required(config, ConfigKey.TWILIO_FROM));
            case "aircall" -> new AircallSender(http(), config.get(ConfigKey.AIRCALL_BASE_URL),
                    required(config, ConfigKey.AIRCALL_API_ID), required(config, ConfigKey.AIRCALL_API_TOKEN),
                    required(config, ConfigKey.AIRCALL_NUMBER_ID));
            case "webhook" -> new WebhookSender(http(), required(config, ConfigKey.SENDER_WEBHOOK_URL),
                    required(config, ConfigKey.SENDER_WEBHOOK_SECRET), Clock.systemUTC());
            default -> new LocalSender();
        };
    }

    /** The Telegram poller of {@code telegram.token} (polling or, in webhook mode, only getMe); null without one. */
    static TelegramPoller telegramPoller(ParleyConfig config, Transactions tx, ReceiveInboundMessage receive,
                                         Clock clock, RandomGenerator random) {
        var token = config.get(ConfigKey.TELEGRAM_TOKEN);
        if (token == null || token.isEmpty()) return null;
        // Its own client (own dispatcher): closing Parley cancels the long poll without touching other calls.
        var api = new TelegramBotApi(http(), config.get(ConfigKey.TELEGRAM_API_BASE), token);
        return new TelegramPoller(api, tx, receive, clock, "polling".equals(config.get(ConfigKey.TELEGRAM_MODE)),
                config.getInt(ConfigKey.TELEGRAM_POLL_TIMEOUT_SECONDS), Sleeper.REAL, random);
    }

    private static String required(ParleyConfig config, ConfigKey key) {
        var value = config.get(key);
        if (value == null || value.isEmpty()) {
            throw new ConfigException(key.key(), "required when sender=" + config.get(ConfigKey.SENDER));
        }
        return value;
    }

    private static OkHttpClient http() {
        return new OkHttpClient.Builder().connectTimeout(5, TimeUnit.SECONDS).readTimeout(15, TimeUnit.SECONDS)
                .callTimeout(20, TimeUnit.SECONDS).build();
    }
}
