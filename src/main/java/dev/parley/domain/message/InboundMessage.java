package dev.parley.domain.message;

import java.time.Instant;

/** A message as received from a channel, before it is processed. */
public record InboundMessage(String channel, String providerId, String conversationKey, String from, String to,
                             String text, String replyTo, Instant sentAt, String playbook, String senderName) {
}
