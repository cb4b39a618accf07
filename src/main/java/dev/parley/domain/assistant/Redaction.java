package dev.parley.domain.assistant;

import java.util.List;

/**
 * Text with sensitive data replaced by placeholders ({@code [EMAIL]}, {@code [CARD]}, …) and which kinds were found
 * (for the timeline: kinds only, never the values).
 */
public record Redaction(String text, List<String> kinds) {

    public Redaction {
        kinds = List.copyOf(kinds);
    }

    public boolean changed() {
        return !kinds.isEmpty();
    }
}
