package dev.parley.domain.message;

import java.time.Instant;

/** A raw receipt in the inbox, with its processing bookkeeping. */
public record InboxEntry(long id, InboundMessage message, InboxStatus status, int attempts, String error,
                         Instant receivedAt, Instant nextAttemptAt) {

    /** The ordering lane: messages of one conversation are processed strictly in order. */
    public String lane() {
        return message.channel() + "\u0000" + message.conversationKey();
    }
}
