package dev.parley.domain.message;

import java.time.Instant;

/** A stored message of a conversation; {@code dataJson} holds structured data extracted from it. */
public record Message(long id, long conversationId, Direction direction, String providerId, String text,
                      String replyTo, Instant sentAt, Instant receivedAt, String status, String dataJson) {
}
