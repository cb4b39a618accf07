package dev.parley.application.outbox;

/**
 * Port: delivers one outgoing message through a channel's provider. Called outside any transaction, once per claim
 * of an outbox row; {@link Senders} picks the sender of a row's channel.
 */
public interface Sender {

    /**
     * What leaves the machine.
     *
     * @param outboxId        the outbox row: the same for every attempt at this message, so a receiver can deduplicate
     *                        (for a row made again after the store lost the first one with its claim, the lost row's id:
     *                        {@link LostClaims})
     * @param conversationKey the conversation on the channel (a group chat's id, where {@code to} is its member)
     * @param to              the contact's address on the channel
     * @param from            the sending address, or null for the sender's configured one
     * @param replyTo         the provider's id of the message this one answers, or null
     */
    record OutgoingMessage(long outboxId, String channel, String conversationKey, String to, String from,
                           String replyTo, String text) {
    }

    /** The provider's answer, or what is known when there was none. */
    sealed interface Result {
    }

    /** The provider accepted the message; {@code providerId} is its id for it. */
    record Delivered(String providerId) implements Result {
    }

    /**
     * The message certainly did not reach the recipient and may be sent again later: the request never left (connection
     * refused, unknown host), or the provider answered that it did not take it (rate limited, unavailable).
     */
    record Retryable(String reason) implements Result {
    }

    /**
     * The provider refused the message for good. {@code reason} names the provider's status and error code (never
     * message text or numbers); {@code optedOut} when the refusal says the recipient unsubscribed.
     */
    record Permanent(String reason, boolean optedOut) implements Result {
    }

    /**
     * Nobody knows whether the message reached the provider: the request was written but no answer came (read
     * timeout, connection lost). Sent again automatically only by a sender that is {@link #idempotent()}.
     */
    record Unknown(String reason) implements Result {
    }

    String name();

    /**
     * True when sending the same outbox row twice cannot reach the recipient twice (the receiver deduplicates by the
     * outbox id), so a row whose outcome is {@link Unknown} may be sent again automatically. False (Twilio SMS): such
     * a row becomes DELIVERY_UNKNOWN and waits for an operator.
     */
    boolean idempotent();

    Result send(OutgoingMessage message);
}
