package dev.parley.adapter.ui.queue;

import dev.parley.adapter.ui.common.Masking;
import dev.parley.application.console.QueueItem;
import java.time.Duration;
import java.time.Instant;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/** A queue item as the table shows it: age, masked contact and preview until revealed. */
public final class QueueRow {
    private final QueueItem item;
    private final SimpleBooleanProperty revealed = new SimpleBooleanProperty(false);
    private final String age;
    private final StringBinding contact;
    private final StringBinding preview;

    public QueueRow(QueueItem item, Instant now) {
        this.item = item;
        this.age = age(item.since() == null ? Duration.ZERO : Duration.between(item.since(), now));
        this.contact = Bindings.createStringBinding(
                () -> revealed.get() ? item.contact() : Masking.address(item.contact()), revealed);
        this.preview = Bindings.createStringBinding(() -> {
            var text = item.preview() == null ? "" : item.preview().replace('\n', ' ');
            return revealed.get() ? text : Masking.text(text);
        }, revealed);
    }

    static String age(Duration d) {
        if (d.isNegative() || d.toSeconds() < 60) return "now";
        if (d.toMinutes() < 60) return d.toMinutes() + "m";
        if (d.toHours() < 48) return d.toHours() + "h";
        return d.toDays() + "d";
    }

    public QueueItem item() {
        return item;
    }

    public String age() {
        return age;
    }

    public StringBinding contact() {
        return contact;
    }

    public StringBinding preview() {
        return preview;
    }

    /** The alert categories, with a ★ when the conversation has an unresolved opportunity (high value). */
    public String categories() {
        var text = String.join(", ", item.categories());
        if (item.opportunity() && item.kind() != dev.parley.application.console.QueueKind.OPPORTUNITIES) {
            return text.isEmpty() ? "★ opportunity" : text + " · ★ opportunity";
        }
        return text;
    }

    /** Why the row is in its queue, in words (Human review, Opportunities); empty elsewhere. */
    public String why() {
        return item.why() == null ? "" : item.why();
    }

    public ReadOnlyBooleanProperty revealed() {
        return revealed;
    }

    void reveal() {
        revealed.set(true);
    }
}
