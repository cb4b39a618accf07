package dev.parley.adapter.ui.queue;

import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A button above a queue acting on its selected row (the Failed queue's Retry, Mark sent, Send again): enabled only
 * for rows it {@code appliesTo}; {@code id} is the button's CSS id.
 */
public record QueueAction(String id, String label, Predicate<QueueRow> appliesTo, Consumer<QueueRow> run) {
}
