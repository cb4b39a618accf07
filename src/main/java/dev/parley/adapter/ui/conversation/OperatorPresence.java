package dev.parley.adapter.ui.conversation;

import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.application.PipelineEvent;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Team mode: tells the other operators' consoles that this operator is on the conversation (viewing, replying, left)
 * and shows who else is ("Dana is viewing · Eve is replying"); presence not refreshed in time lapses.
 */
final class OperatorPresence {
    private final ConsoleContext context;
    private final long conversationId;
    private final Supplier<String> operator;
    private final StringProperty shown = new SimpleStringProperty("");
    private final Map<String, Seen> others = new TreeMap<>();
    private String announced;

    private record Seen(String activity, Instant at) {
    }

    OperatorPresence(ConsoleContext context, long conversationId, Supplier<String> operator) {
        this.context = context;
        this.conversationId = conversationId;
        this.operator = operator;
    }

    /** The other operators on this conversation, as shown. */
    StringProperty shown() {
        return shown;
    }

    /** Announces {@code replying} while the draft holds text, else {@code viewing}; see the view model's announce. */
    void announce(boolean again, String draft) {
        var activity = draft == null || draft.isBlank() ? "viewing" : "replying";
        if (again || !activity.equals(announced)) {
            announced = activity;
            publish(activity);
        }
        show();
    }

    void leave() {
        announced = "left";
        publish("left");
    }

    void onEvents(List<PipelineEvent> events) {
        boolean changed = false;
        for (var e : events) {
            if (e instanceof PipelineEvent.OperatorPresent p
                    && p.conversationId() == conversationId && !p.operator().equals(operator.get())) {
                if ("left".equals(p.activity())) others.remove(p.operator());
                else others.put(p.operator(), new Seen(p.activity(), context.clock().instant()));
                changed = true;
            }
        }
        if (changed) show();
    }

    private void publish(String activity) {
        var who = operator.get();
        if (who == null || who.isBlank()) return;
        context.announce().publish(List.of(new PipelineEvent.OperatorPresent(conversationId, who, activity)));
    }

    private void show() {
        var lapse = context.clock().instant().minusSeconds(3L * PipelineEvent.PRESENCE_REFRESH_SECONDS);
        others.values().removeIf(s -> s.at().isBefore(lapse));
        shown.set(others.entrySet().stream().map(e -> e.getKey() + " is " + e.getValue().activity())
                .collect(Collectors.joining(" · ")));
    }
}
