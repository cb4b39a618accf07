package dev.parley.application.alerts;

import dev.parley.application.alerts.training.TextWindows;
import dev.parley.domain.alert.learned.AlertHead;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.message.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Says in words which part of a message made a learned head raise an alert: the message is cut into its sentence
 * windows ({@link TextWindows}), each window is embedded and scored by the head, and the highest-scoring one is
 * named with its score. A message of one sentence is its own window. Embeds, so it runs on a reader's thread
 * after the read transaction (the console's and the API's conversation view), never inside one, and only for
 * alerts a head raised.
 */
public final class AlertExplanations {
    private static final String MODEL_PATTERN = "model:";
    /** The most windows scored for one message (its beginning); a longer message says so. */
    static final int MAX_WINDOWS = 12;

    /** The part of a message that scored highest under {@code head}. */
    public record Explanation(String category, String window, double score, int windows) {
        /** One line an operator reads. */
        public String text() {
            var score = String.format(Locale.ROOT, "%.2f", this.score);
            return windows <= 1
                    ? category + ": the whole message scored " + score + " (one sentence)"
                    : category + ": the part that scored highest (" + score + ", of " + windows + " parts): \""
                            + window + "\"";
        }
    }

    private final LearnedAlerts learned;

    public AlertExplanations(LearnedAlerts learned) {
        this.learned = learned;
    }

    /** No heads, no explanations (a Parley without a model, or a test). */
    public static AlertExplanations none() {
        return new AlertExplanations(null);
    }

    /**
     * For every alert of {@code alerts} a learned head raised (a pattern {@code model:<category>}) on a message of
     * {@code messages}: its explanations by alert id. Empty when the model is off.
     */
    public Map<Long, List<Explanation>> of(List<ConversationAlert> alerts, List<Message> messages) {
        var out = new LinkedHashMap<Long, List<Explanation>>();
        if (learned == null || learned.heads().isEmpty()) return out;
        for (var alert : alerts) {
            if (alert.messageId() == null) continue;
            var text = messages.stream().filter(m -> m.id() == alert.messageId()).map(Message::text).findFirst();
            if (text.isEmpty()) continue;
            var explained = new ArrayList<Explanation>();
            for (var pattern : alert.patternIds()) {
                if (!pattern.startsWith(MODEL_PATTERN)) continue;
                learned.heads().get().head(pattern.substring(MODEL_PATTERN.length()))
                        .ifPresent(head -> explained.add(explain(head, text.get())));
            }
            if (!explained.isEmpty()) out.put(alert.id(), List.copyOf(explained));
        }
        return out;
    }

    /** The window of {@code text} that {@code head} scores highest. */
    public Explanation explain(AlertHead head, String text) {
        var windows = TextWindows.of(text);
        if (windows.size() <= 1) {
            return new Explanation(head.category(), text.strip(), head.score(learned.embedder().embed(text)), 1);
        }
        var best = "";
        double bestScore = -1;
        for (var window : windows.subList(0, Math.min(MAX_WINDOWS, windows.size()))) {
            double score = head.score(learned.embedder().embed(window));
            if (score > bestScore) {
                best = window;
                bestScore = score;
            }
        }
        return new Explanation(head.category(), best, bestScore, windows.size());
    }
}
