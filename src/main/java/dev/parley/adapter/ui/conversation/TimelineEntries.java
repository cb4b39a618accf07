package dev.parley.adapter.ui.conversation;

import dev.parley.application.JsonDocuments;
import dev.parley.application.console.WhyInReview;
import dev.parley.application.operator.FindConversations;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.Direction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/** Builds the timeline an operator reads from a conversation's messages, events, alerts and outbox. */
final class TimelineEntries {
    private static final Set<String> SHOWN_ELSEWHERE = Set.of("message_recorded", "operator_reply");

    private TimelineEntries() {
    }

    static List<TimelineEntry> of(FindConversations.Detail d) {
        return of(d, java.util.Map.of());
    }

    /**
     * As {@link #of(FindConversations.Detail)}; a message the safety validator did not simply deliver (or any message
     * of a personal inbox) shows its decision and safe output first, and {@code revealed} originals below.
     */
    static List<TimelineEntry> of(FindConversations.Detail d, java.util.Map<Long, String> revealed) {
        var entries = new ArrayList<TimelineEntry>();
        for (var m : d.messages()) {
            var in = m.direction() == Direction.IN;
            var at = in && m.receivedAt() != null ? m.receivedAt() : m.sentAt();
            var text = m.text();
            var judged = in ? d.safetyOf(m.id()) : java.util.Optional.<
                    dev.parley.domain.message.MessageSafety>empty();
            if (judged.isPresent()) {
                text = SafetyText.of(judged.get(), m.text(), revealed.get(m.id()));
            }
            if (in && m.dataJson() != null) {
                // A pattern word set aside as a benign idiom: show the model's scores beside it.
                var safety = safeRead(m.dataJson()).get("safety");
                if (safety instanceof java.util.Map<?, ?> reasons && reasons.containsKey("benign_idioms")) {
                    @SuppressWarnings("unchecked")
                    var typed = (java.util.Map<String, Object>) reasons;
                    text = text + "\n— " + String.join("\n— ", AlertReasonsText.lines(typed));
                }
            }
            entries.add(new TimelineEntry(at, in ? "message-in" : "message-out", (in ? "In · " : "Out · ")
                    + m.status() + judged.map(x -> " · safety " + x.decision().toLowerCase(java.util.Locale.ROOT)
                    .replace('_', ' ')).orElse(""), text, null));
        }
        // sent rows are already messages; the others show why they have not left (yet)
        for (var o : d.outbox()) {
            if (o.status() == dev.parley.domain.message.OutboxStatus.SENT && d.messages().stream().anyMatch(m ->
                    m.direction() == Direction.OUT && m.text().equals(o.text()) && java.util.Objects.equals(
                            m.sentAt(), o.sentAt()))) {
                continue;
            }
            var title = "Out · " + o.status() + (o.reason() != null ? " (" + o.reason() + ")" : "")
                    + (o.operatorExplicit() ? " · by " + o.actor() : "");
            entries.add(new TimelineEntry(o.sentAt() != null ? o.sentAt() : o.createdAt(), "message-out", title,
                    o.text(), o.actor()));
        }
        for (var e : d.events()) {
            if (SHOWN_ELSEWHERE.contains(e.type())) continue;
            entries.add(event(e));
        }
        for (var a : d.alerts()) {
            var h = a.handling();
            var title = a.severity().wire() + " alert · " + String.join(", ",
                    a.categories().stream().map(String::valueOf)
                    .toList()) + " · " + a.status();
            var lines = new ArrayList<String>();
            lines.add("source: " + a.source());
            lines.addAll(AlertReasonsText.lines(a.reasons()));
            d.explanationsOf(a.id()).forEach(e -> lines.add("why: " + e.text()));
            if (h.acknowledgedAt() != null) {
                lines.add("acknowledged by " + h.acknowledgedBy() + " after "
                        + WhyInReview.duration(a.timeToAcknowledge().orElseThrow()));
            }
            if (h.resolvedAt() != null) {
                lines.add("resolved by " + h.resolvedBy() + (h.resolutionNote() != null ? ": " + h.resolutionNote()
                        : ""));
            }
            entries.add(new TimelineEntry(a.createdAt(), "alert", title, String.join("\n", lines), null));
        }
        entries.sort(Comparator.comparing(TimelineEntry::at, Comparator.nullsFirst(Comparator.naturalOrder())));
        return entries;
    }

    private static TimelineEntry event(TimelineEvent e) {
        var detail = safeRead(e.detailJson());
        var assistant = AssistantTimeline.of(e, detail);
        if (assistant.isPresent()) return assistant.get();
        if ("transition".equals(e.type())) {
            return new TimelineEntry(e.at(), "transition", transitionTitle(e, detail), null, e.actor());
        }
        if ("decision".equals(e.type())) {
            return new TimelineEntry(e.at(), "decision", decisionTitle(detail), modelText(detail)
                    + rewriteText(detail) + "trace "
                    + detail.get("trace_id") + " · policy " + detail.get("policy_version"), e.actor());
        }
        if ("context_selected".equals(e.type())) {
            return new TimelineEntry(e.at(), "context", contextTitle(detail), contextText(detail), e.actor());
        }
        var operator = !TimelineEvent.SYSTEM_ACTOR.equals(e.actor());
        var text = detail.isEmpty() ? null : detail.toString();
        return new TimelineEntry(e.at(), operator ? "operator" : "event",
                e.type().replace('_', ' ') + (operator ? " · " + e.actor() : ""), text, e.actor());
    }

    /** "AwaitingReply → HumanReview · critical alert: self-harm". */
    static String transitionTitle(TimelineEvent e, java.util.Map<String, Object> detail) {
        var from = e.fromState() == null ? "∅" : e.fromState();
        var why = e.trigger() == null ? "" : e.trigger();
        if (detail.get("categories") instanceof List<?> categories && !categories.isEmpty()) {
            why = ("review_alert".equals(e.trigger()) ? "review alert: " : "critical alert: ")
                    + String.join(", ", categories.stream().map(String::valueOf).toList());
        } else if (detail.get("note") != null) {
            why = why + ": " + detail.get("note");
        } else if (detail.get("reason") != null) {
            why = why + ": " + detail.get("reason");
        }
        return from + " → " + e.toState() + (why.isEmpty() ? "" : " · " + why);
    }

    /** "Safety · inbound · summarize · harassment · content_risk" (seed 002's decision on a message). */
    static String decisionTitle(java.util.Map<String, Object> d) {
        var categories = d.get("risk_categories") instanceof List<?> l && !l.isEmpty()
                ? " · " + String.join(", ", l.stream().map(String::valueOf).toList()) : "";
        return "Safety · " + d.get("direction") + " · " + d.get("decision") + categories + " · "
                + d.get("enforcement_reason");
    }

    /**
     * "model: self_harm_triggers by self_harm 0.93 ≥ 0.85 (critical) · " when a learned head raised a category of the
     * decision (ADR 0019), else empty.
     */
    static String modelText(java.util.Map<String, Object> d) {
        if (!(d.get("model") instanceof List<?> signals) || signals.isEmpty()) return "";
        var parts = new java.util.ArrayList<String>();
        for (var o : signals) {
            if (o instanceof java.util.Map<?, ?> m) {
                parts.add(m.get("category") + " by " + m.get("head") + " " + m.get("score") + " ≥ " + m.get("threshold")
                        + " (" + m.get("tier") + ")");
            }
        }
        return "model: " + String.join(", ", parts) + " · ";
    }

    /**
     * "rewrite by the model · " or "deterministic rewrite (revalidated: deny [financial_scam]) · " when the decision
     * says which safe text it used (ADR 0020), else empty.
     */
    static String rewriteText(java.util.Map<String, Object> d) {
        var used = d.get("rewrite");
        if (used == null) return "";
        var fallback = d.get("rewrite_fallback");
        return ("model".equals(used) ? "rewrite by the model" : "deterministic rewrite")
                + (fallback == null ? "" : " (" + fallback + ")") + " · ";
    }

    /** "Context for a mention (mention entity) · strategy default · 3 messages · answered by offline". */
    static String contextTitle(java.util.Map<String, Object> d) {
        int count = d.get("selected") instanceof List<?> l ? l.size() : 0;
        var mention = String.valueOf(d.getOrDefault("mention", "mention")).replace('_', ' ');
        return "Context for a mention (" + mention + ") · strategy " + d.get("strategy") + " · " + count
                + (count == 1 ? " message" : " messages")
                + (d.get("answered_by") != null ? " · answered by " + d.get("answered_by") : "");
    }

    /** One line per selected message: who, when, its provider id, and why it was selected. */
    static String contextText(java.util.Map<String, Object> d) {
        if (!(d.get("selected") instanceof List<?> selected) || selected.isEmpty()) {
            return "no earlier message was selected";
        }
        var lines = new java.util.ArrayList<String>();
        for (var item : selected) {
            if (!(item instanceof java.util.Map<?, ?> m)) continue;
            var reasons = m.get("reasons") instanceof List<?> r ? String.join(", ", r.stream().map(String::valueOf)
                    .toList()) : "";
            lines.add("• " + m.get("sender") + " · " + m.get("sent_at") + " · " + m.get("provider_id") + " — "
                    + reasons);
        }
        return String.join("\n", lines);
    }

    private static java.util.Map<String, Object> safeRead(String json) {
        try {
            return JsonDocuments.read(json);
        } catch (IllegalArgumentException e) {
            return java.util.Map.of();
        }
    }
}
