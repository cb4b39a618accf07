package dev.parley.application.console;

import java.util.List;

/** A page of a queue; {@code next} is null on the last page. */
public record QueuePage(List<QueueItem> items, QueueCursor next) {
}
