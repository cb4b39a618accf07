package dev.parley.domain.message;

/** A stored message with its group details ({@code meta} null for a message without, such as Parley's own replies). */
public record ChatRow(Message message, ChatMeta meta) {
}
