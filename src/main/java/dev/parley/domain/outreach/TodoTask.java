package dev.parley.domain.outreach;

import java.util.Objects;

/**
 * One research to-do generated from a reply (the seed's "Create To-Do Tasks" action).
 *
 * @param text e.g. {@code Look for the 1911 marriage of Mary O'Brien and John Walsh in Cork}
 */
public record TodoTask(TodoKind kind, String text) {

    public TodoTask {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(text, "text");
    }
}
