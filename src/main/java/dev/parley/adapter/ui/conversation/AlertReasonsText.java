package dev.parley.adapter.ui.conversation;

import dev.parley.application.JsonDocuments;
import dev.parley.domain.alert.learned.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Why an alert fired, in words an operator reads: each pattern with the words that matched, each learned head's
 * score against its thresholds, and the pattern words a context rule set aside as a benign idiom (shown beside the
 * model's score so the operator can judge).
 */
final class AlertReasonsText {
    private AlertReasonsText() {
    }

    /** Lines for stored reasons JSON (an alert's {@code reasons} or a message's {@code safety}); empty if none. */
    static List<String> lines(String reasonsJson) {
        if (reasonsJson == null || reasonsJson.isBlank()) return List.of();
        try {
            return lines(JsonDocuments.read(reasonsJson));
        } catch (IllegalArgumentException e) {
            return List.of();
        }
    }

    static List<String> lines(Map<String, Object> reasons) {
        var lines = new ArrayList<String>();
        for (var p : maps(reasons.get("patterns"))) {
            var words = p.get("words") instanceof List<?> w && !w.isEmpty()
                    ? ": \"" + String.join("\", \"", w.stream().map(String::valueOf).toList()) + "\"" : "";
            lines.add("pattern " + p.get("pattern") + " (" + p.get("category") + ")" + words);
        }
        for (var m : maps(reasons.get("model"))) {
            var tier = String.valueOf(m.get("tier"));
            String verdict;
            if (Tier.CRITICAL.name().equals(tier)) {
                verdict = " ≥ critical " + number(m.get("critical"));
            } else if (Tier.REVIEW.name().equals(tier)) {
                verdict = " ≥ review " + number(m.get("review")) + " (critical " + number(m.get("critical")) + ")";
            } else {
                verdict = " below review " + number(m.get("review"));
            }
            lines.add("model " + m.get("category") + ": score " + number(m.get("score")) + verdict);
        }
        for (var i : maps(reasons.get("benign_idioms"))) {
            lines.add("benign idiom: \"" + i.get("word") + "\" of " + i.get("pattern") + " set aside (" + i.get("reason")
                    + ")");
        }
        if (reasons.get("ai") != null) lines.add("AI safety flag: " + reasons.get("ai"));
        if (Boolean.TRUE.equals(reasons.get("truncated"))) lines.add("(pattern words not kept: too long)");
        return lines;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> maps(Object value) {
        if (!(value instanceof List<?> list)) return List.of();
        return list.stream().filter(Map.class::isInstance).map(o -> (Map<String, Object>) o).toList();
    }

    private static String number(Object value) {
        return value instanceof Number n ? String.format(Locale.ROOT, "%.2f", n.doubleValue()) : String.valueOf(value);
    }
}
