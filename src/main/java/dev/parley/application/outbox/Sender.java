package dev.parley.application.outbox;

/** Port: delivers one outgoing message through a channel provider. */
public interface Sender {

    /** What leaves the machine: no internal ids beyond the outbox id used for idempotency. */
    record OutgoingMessage(long outboxId, String channel, String to, String from, String text) {
    }

    /** The provider's answer. */
    sealed interface Result {
    }

    record Delivered(String providerId) implements Result {
    }

    /** Worth trying again later (network error, 5xx, rate limit). */
    record Retryable(String reason) implements Result {
    }

    /** Will never succeed; {@code optedOut} when the provider says the recipient unsubscribed. */
    record Permanent(String reason, boolean optedOut) implements Result {
    }

    String name();

    Result send(OutgoingMessage message);
}
