package dev.parley.domain.chimein.context;

import dev.parley.domain.chimein.ChatMessage;
import java.util.List;

/** A message chosen as context, with every reason it was chosen for. */
public record SelectedMessage(ChatMessage message, List<SelectionReason> reasons) {

    public SelectedMessage {
        reasons = List.copyOf(reasons);
    }

    public boolean isAnchor() {
        return reasons.stream().anyMatch(r -> r.kind() == SelectionReason.Kind.ANCHOR);
    }
}
