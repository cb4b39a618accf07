package dev.parley.domain.safety;

import dev.parley.domain.message.Direction;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One message to validate: the seed's payload after routing.
 *
 * @param direction    inbound (to the user) or outbound (from the user)
 * @param content      the text; null when the message has no readable text (media only): the seed's "unknown
 *                     content", answered SUMMARIZE / SOFT_REWRITE
 * @param sender       the source address (phone number, chat id…); may be blank when unknown
 * @param recipient    the destination address; may be blank when unknown
 * @param channel      the channel name (sms, whatsapp, telegram, email…); may be blank
 * @param timestamp    when the message was sent or received; null → the validator's clock
 * @param conversation the conversation key when the caller knows it; otherwise {@link #conversationKey()} derives
 *                     one from the channel and the other party
 */
public record SafetyRequest(Direction direction, String content, String sender, String recipient, String channel,
                            Instant timestamp, Optional<String> conversation) {
    public SafetyRequest {
        Objects.requireNonNull(direction, "direction");
        sender = sender == null ? "" : sender;
        recipient = recipient == null ? "" : recipient;
        channel = channel == null ? "" : channel;
        conversation = conversation == null ? Optional.empty() : conversation;
    }

    /** A request without a conversation key. */
    public static SafetyRequest of(Direction direction, String content, String sender, String recipient,
                                   String channel, Instant timestamp) {
        return new SafetyRequest(direction, content, sender, recipient, channel, timestamp, Optional.empty());
    }

    /** The same request in another conversation. */
    public SafetyRequest inConversation(String key) {
        return new SafetyRequest(direction, content, sender, recipient, channel, timestamp, Optional.of(key));
    }

    /** The other party: the sender of an inbound message, the recipient of an outbound one. */
    public String counterpart() {
        return direction == Direction.IN ? sender : recipient;
    }

    /** The given conversation key, else {@code channel + ":" + counterpart()}. */
    public String conversationKey() {
        return conversation.orElseGet(() -> channel + ":" + counterpart());
    }
}
