package dev.parley.application.model;

import java.util.Objects;

/** One message of a chat-completion request: {@code system}, {@code user} or {@code assistant}. */
public record ChatMessage(Role role, String content) {

    /** Who speaks: the OpenAI chat roles, written in lower case on the wire. */
    public enum Role {
        SYSTEM, USER, ASSISTANT;

        private final String wire = name().toLowerCase(java.util.Locale.ROOT);

        public String wire() {
            return wire;
        }
    }

    public ChatMessage {
        Objects.requireNonNull(role, "role");
        content = content == null ? "" : content;
    }

    public static ChatMessage system(String content) {
        return new ChatMessage(Role.SYSTEM, content);
    }

    public static ChatMessage user(String content) {
        return new ChatMessage(Role.USER, content);
    }

    public static ChatMessage assistant(String content) {
        return new ChatMessage(Role.ASSISTANT, content);
    }
}
