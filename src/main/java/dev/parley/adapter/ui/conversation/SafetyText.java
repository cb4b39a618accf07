package dev.parley.adapter.ui.conversation;

import dev.parley.domain.message.MessageSafety;
import dev.parley.application.JsonDocuments;
import java.util.ArrayList;

/**
 * How the timeline shows an inbound message the safety validator judged (seed 002): the decision's safe output first
 * (urgency, tone, suggested action, then its {@code message_primary}: the summary, a notice, or the message itself),
 * the message below when it differs, and a revealed original last.
 */
final class SafetyText {
    private SafetyText() {
    }

    static String of(MessageSafety safety, String messageText, String revealedOriginal) {
        var out = JsonDocuments.read(safety.safeOutputJson());
        var lines = new ArrayList<String>();
        lines.add("Safe output · urgency " + out.get("urgency_level") + " · tone " + out.get("emotional_tone")
                + " · suggested: " + out.get("suggested_action"));
        var primary = out.get("message_primary") == null ? "" : out.get("message_primary").toString();
        lines.add(primary);
        if (!primary.equals(messageText)) lines.add("— the message: " + messageText);
        if (safety.originalText() != null) {
            lines.add(revealedOriginal != null ? "— original (revealed): " + revealedOriginal
                    : "— original withheld: Reveal original shows it (audited)");
        }
        return String.join("\n", lines);
    }
}
