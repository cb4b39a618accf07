package dev.parley.domain.chimein.context;

import java.util.List;

/** The earlier messages a strategy chose for one mention, oldest first (the mention itself is not among them). */
public record ContextSelection(String strategy, List<SelectedMessage> selected) {

    public ContextSelection {
        selected = List.copyOf(selected);
    }

    public boolean isEmpty() {
        return selected.isEmpty();
    }

    /** Ids of the selected messages, oldest first. */
    public List<Long> ids() {
        return selected.stream().map(s -> s.message().id()).toList();
    }
}
