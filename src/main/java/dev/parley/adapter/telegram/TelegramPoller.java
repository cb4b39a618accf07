package dev.parley.adapter.telegram;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.adapter.http.webhook.WebhookParseException;
import dev.parley.application.RetryPolicy;
import dev.parley.application.Sleeper;
import dev.parley.application.chimein.BotIdentities;
import dev.parley.application.pipeline.ReceiveInboundMessage;
import dev.parley.application.store.Transactions;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Telegram's side of Parley in the background: at start it asks {@code getMe} who the bot is and keeps the answer
 * in the store (so mentions of the bot work without configuring its name); then, in {@code polling} mode, it long
 * polls {@code getUpdates}.
 *
 * <p>No update is lost or processed twice across restarts: each message is committed to the inbox before the update
 * offset moves past it, and the offset is kept in the store ({@code channel_state}). A crash between the two makes
 * Telegram send the update again, and the inbox recognises it (unique per provider id): it is stored and processed
 * once. An update that cannot be read is logged by id and skipped (it would never become readable). Failures back
 * off as {@link RetryPolicy#TELEGRAM} says (jittered, 1 s up to 60 s), or as long as Telegram's flood control asks.
 */
public final class TelegramPoller implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TelegramPoller.class);
    public static final String OFFSET = "update_offset";

    private final TelegramBotApi api;
    private final Transactions transactions;
    private final ReceiveInboundMessage receive;
    private final Clock clock;
    private final boolean poll;
    private final int timeoutSeconds;
    private final Sleeper sleeper;
    private final RandomGenerator jitter;
    private volatile boolean running;
    private Thread thread;
    private int failures;
    /** Flood control's wait from the last failure, if it asked for one. */
    private Integer lastRetryAfter;

    public TelegramPoller(TelegramBotApi api, Transactions transactions, ReceiveInboundMessage receive, Clock clock,
                          boolean poll, int timeoutSeconds, Sleeper sleeper, RandomGenerator jitter) {
        this.api = api;
        this.transactions = transactions;
        this.receive = receive;
        this.clock = clock;
        this.poll = poll;
        this.timeoutSeconds = timeoutSeconds;
        this.sleeper = sleeper;
        this.jitter = jitter;
    }

    public synchronized void start() {
        if (thread != null) return;
        running = true;
        thread = Thread.ofPlatform().name("telegram").daemon(true).start(this::run);
    }

    private void run() {
        try {
            while (running && !identify()) backOff(null);
            while (running && poll) {
                if (pollOnce()) failures = 0;
                else backOff(lastRetryAfter);
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("telegram poller stopped", e);
        }
    }

    /** Asks getMe who the bot is and stores it; false when Telegram could not be asked. */
    boolean identify() {
        try {
            var me = api.getMe();
            transactions.run(s -> {
                var now = clock.instant();
                s.channelState().put(TelegramUpdate.CHANNEL, BotIdentities.BOT_ID, Long.toString(me.id()), now);
                if (me.username() != null) {
                    s.channelState().put(TelegramUpdate.CHANNEL, BotIdentities.BOT_USERNAME, me.username(), now);
                }
            });
            LOG.info("telegram bot identified: id={}", me.id());
            failures = 0;
            return true;
        } catch (TelegramApiException e) {
            lastRetryAfter = e.retryAfterSeconds();
            LOG.warn("telegram getMe failed: {}", e.getMessage());
        } catch (IOException e) {
            lastRetryAfter = null;
            LOG.warn("telegram getMe failed: {}", e.getClass().getSimpleName());
        } catch (RuntimeException e) {
            lastRetryAfter = null;
            LOG.warn("telegram identity not stored: {}", e.getClass().getName());
        }
        return false;
    }

    /** One getUpdates round; false when it failed and the poller should back off. */
    boolean pollOnce() {
        long offset;
        try {
            offset = transactions.inTransaction(s -> s.channelState().get(TelegramUpdate.CHANNEL, OFFSET))
                    .map(Long::parseLong).orElse(0L);
        } catch (RuntimeException e) {
            LOG.warn("telegram offset unreadable: {}", e.getClass().getName());
            lastRetryAfter = null;
            return false;
        }
        java.util.List<JsonNode> updates;
        try {
            updates = api.getUpdates(offset, timeoutSeconds);
        } catch (TelegramApiException e) {
            lastRetryAfter = e.retryAfterSeconds();
            if (e.httpStatus() == 409) {
                LOG.warn("telegram getUpdates refused (409): a webhook is set or another poller runs; "
                        + "set telegram.mode=webhook or delete the webhook");
            } else {
                LOG.warn("telegram getUpdates failed: {}", e.getMessage());
            }
            return false;
        } catch (IOException e) {
            lastRetryAfter = null;
            if (!running) return true; // the long poll was cancelled because Parley stops
            LOG.warn("telegram getUpdates failed: {}", e.getClass().getSimpleName());
            return false;
        }
        for (var update : updates) {
            if (!running) return true;
            if (!handle(update)) {
                lastRetryAfter = null;
                return false;
            }
        }
        return true;
    }

    /** Stores one update's message, then moves the offset past it; false when the store failed (retry it). */
    boolean handle(JsonNode update) {
        long updateId = update.path("update_id").asLong(-1);
        try {
            var parsed = TelegramUpdate.parse(update);
            parsed.message().ifPresent(m -> receive.receive(m, update.toString()));
            if (parsed.message().isEmpty()) LOG.debug("telegram update={} ignored: {}", updateId, parsed.ignored());
        } catch (WebhookParseException e) {
            LOG.warn("telegram update={} unreadable ({}), skipped", updateId, e.field());
        } catch (dev.parley.domain.limit.FieldTooLongException e) {
            LOG.warn("telegram update={} refused ({}), skipped", updateId, e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("telegram update={} not stored: {}", updateId, e.getClass().getName());
            return false;
        }
        if (updateId < 0) return true;
        try {
            transactions.run(s -> {
                long stored = s.channelState().get(TelegramUpdate.CHANNEL, OFFSET).map(Long::parseLong).orElse(0L);
                // Only forward: an update with a lower id must not make Telegram send the later ones again.
                if (updateId + 1 > stored) {
                    s.channelState().put(TelegramUpdate.CHANNEL, OFFSET, Long.toString(updateId + 1), clock.instant());
                }
            });
            return true;
        } catch (RuntimeException e) {
            // The message is in the inbox; Telegram sends the update again and the inbox keeps it once.
            LOG.warn("telegram offset not stored after update={}: {}", updateId, e.getClass().getName());
            return false;
        }
    }

    private void backOff(Integer retryAfterSeconds) throws InterruptedException {
        failures++;
        sleeper.sleep(retryAfterSeconds != null && retryAfterSeconds > 0 ? Duration.ofSeconds(retryAfterSeconds)
                : RetryPolicy.TELEGRAM.delay(failures, jitter));
    }

    /** Stops polling: the running long poll is cancelled, the thread ends. */
    @Override
    public void close() {
        running = false;
        api.cancelRunningCalls();
        Thread t;
        synchronized (this) {
            t = thread;
            thread = null;
        }
        if (t != null) {
            t.interrupt();
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
