package dev.parley.adapter.ui.conversation;

import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.application.operator.FindConversations;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.StringProperty;

/**
 * Seed 002: the originals of summarised messages this operator revealed (each reveal audited as
 * {@code reveal_original}), by message id; the timeline shows each under its summary.
 */
final class RevealedOriginals {
    private final ConsoleContext context;
    private final Supplier<String> operator;
    private final StringProperty status;
    private final Runnable changed;
    private final Map<Long, String> revealed = new HashMap<>();
    private final SimpleBooleanProperty withheld = new SimpleBooleanProperty(false);

    /** {@code changed} runs when originals arrive, so the timeline is shown again. */
    RevealedOriginals(ConsoleContext context, Supplier<String> operator, StringProperty status, Runnable changed) {
        this.context = context;
        this.operator = operator;
        this.status = status;
        this.changed = changed;
    }

    /** The originals revealed so far, by message id. */
    Map<Long, String> byMessage() {
        return revealed;
    }

    /** Whether a message is shown as the validator's summary and its original not revealed. */
    SimpleBooleanProperty withheld() {
        return withheld;
    }

    void update(FindConversations.Detail d) {
        withheld.set(d.messageSafety().stream()
                .anyMatch(m -> m.originalText() != null && !revealed.containsKey(m.messageId())));
    }

    /** Reveals every original of {@code d} not revealed yet, off the FX thread. */
    void reveal(FindConversations.Detail d) {
        if (d == null || context.safety() == null) return;
        var ids = d.messageSafety().stream().filter(m -> m.originalText() != null && !revealed.containsKey(
                m.messageId())).map(m -> m.messageId()).toList();
        if (ids.isEmpty()) return;
        var who = operator.get();
        context.executor().submit(p -> {
            var out = new LinkedHashMap<Long, String>();
            for (var id : ids) context.safety().reveal().reveal(id, who).ifPresent(text -> out.put(id, text));
            return out;
        }, originals -> {
            revealed.putAll(originals);
            status.set(originals.size() == 1 ? "Original revealed (audited)" : originals.size()
                    + " originals revealed (audited)");
            changed.run();
        }, e -> status.set("Not revealed: " + e.getMessage()));
    }
}
