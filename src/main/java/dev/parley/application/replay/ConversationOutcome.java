package dev.parley.application.replay;

import dev.parley.domain.alert.AlertSeverity;
import java.util.ArrayList;
import java.util.List;

/**
 * What a conversation came to, as compared by {@code parley replay --compare}: its state, its alerts, its
 * outgoing messages (text and status) and its tasks, each in the order they were created.
 */
public record ConversationOutcome(String conversation, String state, List<Alert> alerts, List<Outbound> outbound,
                                  List<String> tasks) {

    public record Alert(AlertSeverity severity, List<String> categories) {
        @Override
        public String toString() {
            return severity + " " + categories;
        }
    }

    public record Outbound(String text, String status) {
    }

    /** Where {@code replayed} differs from {@code stored}, one readable line each; empty when they agree. */
    public static List<String> differences(ConversationOutcome stored, ConversationOutcome replayed) {
        var out = new ArrayList<String>();
        if (!stored.state().equals(replayed.state())) {
            out.add("state: stored " + stored.state() + ", replay " + replayed.state());
        }
        for (int i = 0; i < Math.max(stored.alerts().size(), replayed.alerts().size()); i++) {
            var s = i < stored.alerts().size() ? stored.alerts().get(i) : null;
            var r = i < replayed.alerts().size() ? replayed.alerts().get(i) : null;
            if (s == null) out.add("alert #" + (i + 1) + ": replay raises " + r + ", not stored");
            else if (r == null) out.add("alert #" + (i + 1) + ": stored " + s + ", replay raises none");
            else if (!s.equals(r)) out.add("alert #" + (i + 1) + ": stored " + s + ", replay " + r);
        }
        for (int i = 0; i < Math.max(stored.outbound().size(), replayed.outbound().size()); i++) {
            var s = i < stored.outbound().size() ? stored.outbound().get(i) : null;
            var r = i < replayed.outbound().size() ? replayed.outbound().get(i) : null;
            if (s == null) {
                out.add("message #" + (i + 1) + ": replay would " + verb(r.status()) + " " + quote(r.text())
                        + ", not in the store");
            } else if (r == null) {
                out.add("message #" + (i + 1) + ": stored " + s.status() + " " + quote(s.text())
                        + ", replay would not create it");
            } else if (!s.text().equals(r.text())) {
                out.add("message #" + (i + 1) + ": stored " + s.status() + " " + quote(s.text()) + ", replay would "
                        + verb(r.status()) + " " + quote(r.text()));
            } else if (!s.status().equals(r.status())) {
                out.add("message #" + (i + 1) + " " + quote(s.text()) + ": stored " + s.status() + ", replay "
                        + r.status());
            }
        }
        for (int i = 0; i < Math.max(stored.tasks().size(), replayed.tasks().size()); i++) {
            var s = i < stored.tasks().size() ? stored.tasks().get(i) : null;
            var r = i < replayed.tasks().size() ? replayed.tasks().get(i) : null;
            if (s == null) out.add("task #" + (i + 1) + ": replay creates " + quote(r) + ", not stored");
            else if (r == null) out.add("task #" + (i + 1) + ": stored " + quote(s) + ", replay creates none");
            else if (!s.equals(r)) out.add("task #" + (i + 1) + ": stored " + quote(s) + ", replay " + quote(r));
        }
        return out;
    }

    private static String verb(String status) {
        return switch (status) {
            case "SENT" -> "send";
            case "PENDING" -> "queue";
            default -> "leave " + status;
        };
    }

    private static String quote(String text) {
        var oneLine = text.replace('\n', ' ');
        return "\"" + (oneLine.length() > 80 ? oneLine.substring(0, 77) + "…" : oneLine) + "\"";
    }
}
