package dev.parley.adapter.ui.conversation;

import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.application.operator.FindConversations;
import java.time.ZoneId;
import java.util.function.Supplier;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The contact's own time zone in the contact pane (seed 002's quiet hours use it before the zones of their number):
 * typed as an IANA id, set audited; a refresh keeps what is being typed.
 */
final class ContactTimeZone {
    private final ConsoleContext context;
    private final Supplier<String> operator;
    private final StringProperty status;
    private final Runnable reload;
    private final StringProperty draft = new SimpleStringProperty("");
    private String shown;

    /** {@code reload} runs once the zone is set, so the contact pane shows it. */
    ContactTimeZone(ConsoleContext context, Supplier<String> operator, StringProperty status, Runnable reload) {
        this.context = context;
        this.operator = operator;
        this.status = status;
        this.reload = reload;
    }

    /** The zone as typed (an IANA id; empty clears it). */
    StringProperty draft() {
        return draft;
    }

    /** The stored zone becomes the draft when it changed since last shown. */
    void update(FindConversations.Detail d) {
        var stored = d.contact().zone().map(ZoneId::getId).orElse("");
        if (!stored.equals(shown)) draft.set(stored); // a refresh keeps what is being typed
        shown = stored;
    }

    /** Sets the draft as the contact's zone (audited as {@code set_time_zone}); an unknown zone is refused. */
    void set(FindConversations.Detail d) {
        if (d == null || context.safety() == null || context.safety().timeZone() == null) return;
        long contactId = d.contact().id();
        var zone = draft.get() == null ? "" : draft.get().strip();
        var who = operator.get();
        context.executor().submit(p -> context.safety().timeZone().set(contactId, zone, who), set -> {
            status.set(set.map(z -> "Time zone set to " + z.getId() + " (audited)")
                    .orElse("Time zone cleared: quiet hours use the number's zones (audited)"));
            reload.run();
        }, e -> status.set("Time zone not set: " + e.getMessage()));
    }
}
