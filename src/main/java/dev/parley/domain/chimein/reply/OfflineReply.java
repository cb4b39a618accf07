package dev.parley.domain.chimein.reply;

import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.chimein.ContentWords;
import dev.parley.domain.chimein.context.ContextSelection;
import dev.parley.domain.chimein.context.SelectedMessage;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The answer Parley gives without a language model: deterministic, from the selected messages only. It names the
 * earlier messages it used (who, when, what), gives a short synthesis (the subject words, who spoke last, what is
 * still open), and says what is missing, since the bot answers once and does not wait for a follow-up (seed 004's
 * non-goal): to add something, people reply to the message they mean and tag it again.
 */
public final class OfflineReply {
    static final int MAX_QUOTE = 140;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEE d MMM HH:mm 'UTC'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    private OfflineReply() {
    }

    public static String write(ChatMessage trigger, ContextSelection selection, Instant now) {
        var out = new StringBuilder();
        var selected = selection.selected();
        if (selected.isEmpty()) {
            out.append("I found no earlier message in this chat that this is about.\n");
            out.append("Missing: what you want me to look at. Reply to the message you mean and tag me again, "
                    + "or tag me with the question itself.");
            return out.toString();
        }
        out.append("I looked at ").append(selected.size()).append(selected.size() == 1 ? " earlier message" : " earlier messages")
                .append(":\n");
        for (var s : selected) {
            var m = s.message();
            out.append("• ").append(m.who()).append(", ").append(ago(m.sentAt(), now)).append(" (")
                    .append(WHEN.format(m.sentAt())).append(")")
                    .append(s.isAnchor() ? ", the message you replied to" : "")
                    .append(": “").append(quote(m.text())).append("”\n");
        }
        out.append("In short: ").append(synthesis(selected, now)).append('\n');
        out.append("Missing: ").append(missing(trigger, selected));
        return out.toString();
    }

    /** The subject words of the selection, most frequent first, and who had the last word. */
    static String synthesis(List<SelectedMessage> selected, Instant now) {
        var counts = new LinkedHashMap<String, Integer>();
        for (var s : selected) {
            for (var w : ContentWords.of(s.message().text())) {
                if (!ContentWords.asksForOpinion(w)) counts.merge(w, 1, Integer::sum);
            }
        }
        var topics = counts.entrySet().stream()
                .sorted((a, b) -> Integer.compare(b.getValue(), a.getValue()))
                .limit(4).map(e -> e.getKey()).toList();
        var last = selected.getLast().message();
        var senders = selected.stream().map(s -> s.message().who()).distinct().toList();
        var text = new StringBuilder();
        text.append(topics.isEmpty() ? "no clear subject" : "the talk is about " + String.join(", ", topics));
        text.append(" (").append(senders.size() == 1 ? senders.getFirst() : join(senders)).append(")");
        text.append("; the latest word is ").append(last.who()).append("'s, ").append(ago(last.sentAt(), now))
                .append(": “").append(quote(last.text())).append("”.");
        return text.toString();
    }

    /** Questions nobody else answered in the selection, and what the mention asks that the chat never mentions. */
    static String missing(ChatMessage trigger, List<SelectedMessage> selected) {
        var parts = new ArrayList<String>();
        var open = new ArrayList<String>();
        for (int i = 0; i < selected.size(); i++) {
            var m = selected.get(i).message();
            if (!m.text().strip().endsWith("?")) continue;
            boolean answered = false;
            for (int j = i + 1; j < selected.size(); j++) {
                if (!selected.get(j).message().sender().equals(m.sender())) answered = true;
            }
            if (!answered) open.add(m.who() + "'s “" + quote(m.text()) + "”");
        }
        if (!open.isEmpty()) parts.add("no answer yet to " + join(open));
        var asked = ContentWords.of(trigger.text());
        if (!ContentWords.isGenericRequest(trigger.text())) {
            Set<String> seen = new java.util.HashSet<>();
            for (var s : selected) seen.addAll(ContentWords.of(s.message().text()));
            var unknown = asked.stream().filter(w -> !seen.contains(w)).limit(5).toList();
            if (!unknown.isEmpty()) parts.add("nothing in these messages says anything about " + join(unknown));
        }
        parts.add("I only know what was said here and cannot check anything outside this chat; to add details, "
                + "reply to the message you mean and tag me again");
        var text = String.join("; ", parts);
        return Character.toUpperCase(text.charAt(0)) + text.substring(1) + ".";
    }

    /** "just now", "10 min ago", "3 h ago", "2 days ago". */
    static String ago(Instant at, Instant now) {
        var d = Duration.between(at, now);
        if (d.isNegative() || d.toMinutes() < 1) return "just now";
        if (d.toMinutes() < 60) return d.toMinutes() + " min ago";
        if (d.toHours() < 24) return d.toHours() + " h ago";
        long days = d.toDays();
        return days == 1 ? "1 day ago" : days + " days ago";
    }

    static String quote(String text) {
        var flat = text.strip().replaceAll("\\s+", " ");
        if (flat.codePointCount(0, flat.length()) <= MAX_QUOTE) return flat;
        return flat.substring(0, flat.offsetByCodePoints(0, MAX_QUOTE - 1)).strip() + "…";
    }

    private static String join(List<String> items) {
        if (items.size() == 1) return items.getFirst();
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }
}
