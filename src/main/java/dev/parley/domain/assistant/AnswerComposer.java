package dev.parley.domain.assistant;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The offline model's answer (tasks {@code answer} and {@code answer_plain}): built from what the reply engine
 * retrieved, never a bare "I don't know". Tool results first (they answer what the plan asked), then document
 * snippets, then conversation memory; with nothing retrieved, a reply that fits the message (greeting, thanks,
 * question) and says what the assistant can do and that a person sees the conversation.
 */
public final class AnswerComposer {
    private static final Pattern GREETING = Pattern.compile("^\\W*(hello|hi|hey|hiya|good (morning|afternoon|evening)"
            + "|greetings|howdy)\\b");
    private static final Pattern THANKS = Pattern.compile("\\b(thanks|thank you|cheers|much appreciated)\\b");
    private static final int SNIPPET_CHARS = 400;

    private AnswerComposer() {
    }

    /** What the assistant knows when it answers. */
    public record Context(String question, Profile profile, List<String> toolResults, List<String> documentSnippets,
                          List<String> memory) {
        public Context {
            toolResults = List.copyOf(toolResults);
            documentSnippets = List.copyOf(documentSnippets);
            memory = List.copyOf(memory);
        }
    }

    public static String compose(Context c) {
        if (!c.toolResults().isEmpty()) return String.join("\n", c.toolResults());
        if (!c.documentSnippets().isEmpty()) {
            return "Here is what our notes say: " + clip(c.documentSnippets().getFirst());
        }
        if (!c.memory().isEmpty()) {
            return "From earlier in our conversation: " + clip(String.join(" / ", c.memory()));
        }
        var lower = c.question() == null ? "" : c.question().toLowerCase(Locale.ROOT).strip();
        var offer = "I can tell you the time and date, recap our conversation, list open tasks, or look up something "
                + "you told me earlier.";
        if (GREETING.matcher(lower).find()) {
            return "Hi! I'm the automated assistant here (" + c.profile().name() + "). " + offer
                    + " A person from the team can see this conversation too.";
        }
        if (THANKS.matcher(lower).find() && !lower.contains("?")) {
            return "You're welcome! If anything else comes up, just write. " + offer;
        }
        if (lower.contains("?")) {
            return "Thanks for your question. I don't have that information to hand, so I've left it for a person "
                    + "from the team, who can see this conversation. Meanwhile: " + offer;
        }
        if (!"general".equals(c.profile().name())) {
            return "Thanks for letting us know. I've noted it, and a person from the team can see this conversation "
                    + "and will follow up here.";
        }
        return "Thanks, noted. A person from the team can see this conversation. " + offer;
    }

    private static String clip(String text) {
        var t = text.strip();
        return t.length() <= SNIPPET_CHARS ? t : t.substring(0, SNIPPET_CHARS).strip() + "…";
    }
}
