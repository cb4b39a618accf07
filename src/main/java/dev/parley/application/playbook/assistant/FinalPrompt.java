package dev.parley.application.playbook.assistant;

import java.util.List;

/**
 * Seed 001 step 6: the final prompt, in the seed's order: the conversation memory section (if any), the document
 * snippet section (if any), then the observed text excerpt (the redacted tail of the user's message).
 */
public final class FinalPrompt {
    static final int TAIL_CHARS = 2_000;

    private FinalPrompt() {
    }

    public static String build(List<String> memory, List<String> snippets, String redactedText) {
        var prompt = new StringBuilder();
        if (!memory.isEmpty()) {
            prompt.append("Conversation memory (earlier messages):\n").append(String.join("\n", memory)).append("\n\n");
        }
        if (!snippets.isEmpty()) {
            prompt.append("Document snippets:\n");
            for (int i = 0; i < snippets.size(); i++) prompt.append("[").append(i + 1).append("] ").append(snippets.get(i))
                    .append('\n');
            prompt.append('\n');
        }
        prompt.append("User message (redacted):\n").append(tail(redactedText));
        return prompt.toString();
    }

    /** The last {@value #TAIL_CHARS} characters: the end of a long message is what asks. */
    static String tail(String text) {
        var t = text == null ? "" : text.strip();
        return t.length() <= TAIL_CHARS ? t : "…" + t.substring(t.length() - TAIL_CHARS);
    }
}
