package dev.parley.adapter.http;

import dev.parley.application.JsonDocuments;
import dev.parley.application.operator.FindConversations;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.OutboxEntry;
import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON shapes of the operator API (docs/api.md). Field names are a contract: keep them. */
final class ApiViews {
    private ApiViews() {
    }

    static Map<String, Object> summary(Conversation c) {
        var m = new LinkedHashMap<String, Object>();
        m.put("id", c.id());
        m.put("channel", c.channel());
        m.put("key", c.key());
        m.put("playbook", c.playbook());
        m.put("state", c.state());
        m.put("updated_at", c.updatedAt());
        return m;
    }

    static Map<String, Object> detail(FindConversations.Detail d) {
        var c = d.conversation();
        var m = summary(c);
        m.put("automation_paused", c.automationPaused());
        m.put("critical_alert_tags", c.criticalAlertTags() == null ? null : JsonDocuments.read(c.criticalAlertTags()));
        m.put("created_at", c.createdAt());
        var contact = new LinkedHashMap<String, Object>();
        contact.put("id", d.contact().id());
        contact.put("address", d.contact().address());
        contact.put("display_name", d.contact().displayName());
        contact.put("status", d.contact().status().name());
        contact.put("status_since", d.contact().statusSince());
        contact.put("status_reason", d.contact().statusReason());
        contact.put("status_by", d.contact().statusBy());
        contact.put("time_zone", d.contact().zone().map(java.time.ZoneId::getId).orElse(null));
        m.put("contact", contact);
        m.put("messages", d.messages().stream().map(msg -> {
            var v = new LinkedHashMap<String, Object>();
            v.put("id", msg.id());
            v.put("direction", msg.direction().name());
            v.put("text", msg.text());
            v.put("status", msg.status());
            v.put("at", msg.receivedAt() != null ? msg.receivedAt() : msg.sentAt());
            v.put("provider_id", msg.providerId());
            v.put("reply_to", msg.replyTo());
            v.put("data", msg.dataJson() == null ? null : JsonDocuments.read(msg.dataJson()));
            return v;
        }).toList());
        m.put("events", d.events().stream().map(e -> {
            var v = new LinkedHashMap<String, Object>();
            v.put("type", e.type());
            v.put("from", e.fromState());
            v.put("to", e.toState());
            v.put("trigger", e.trigger());
            v.put("actor", e.actor());
            v.put("at", e.at());
            v.put("detail", e.detailJson() == null ? null : JsonDocuments.read(e.detailJson()));
            return v;
        }).toList());
        m.put("alerts", d.alerts().stream().map(a -> {
            var v = new LinkedHashMap<String, Object>();
            v.put("id", a.id());
            v.put("severity", a.severity().wire());
            v.put("categories", a.categories());
            v.put("patterns", a.patternIds());
            v.put("source", a.source());
            v.put("status", a.status());
            v.put("at", a.createdAt());
            var h = a.handling();
            v.put("acknowledged_by", h.acknowledgedBy());
            v.put("acknowledged_at", h.acknowledgedAt());
            v.put("resolved_by", h.resolvedBy());
            v.put("resolved_at", h.resolvedAt());
            v.put("resolution_note", h.resolutionNote());
            var explained = d.explanationsOf(a.id());
            if (!explained.isEmpty()) {
                v.put("explanation", explained.stream().map(e -> {
                    var x = new LinkedHashMap<String, Object>();
                    x.put("head", e.category());
                    x.put("part", e.window());
                    x.put("score", Math.round(e.score() * 10_000) / 10_000.0);
                    x.put("parts", e.windows());
                    x.put("text", e.text());
                    return x;
                }).toList());
            }
            return v;
        }).toList());
        m.put("outbox", d.outbox().stream().map(ApiViews::outbox).toList());
        m.put("tasks", d.tasks().stream().map(t -> Map.of("id", t.id(), "text", t.text(), "kind", t.kind(),
                "status", t.status())).toList());
        return m;
    }

    static Map<String, Object> outbox(OutboxEntry o) {
        var v = new LinkedHashMap<String, Object>();
        v.put("id", o.id());
        v.put("conversation_id", o.conversationId());
        v.put("status", o.status().name());
        v.put("reason", o.reason());
        v.put("text", o.text());
        v.put("purpose", o.purpose());
        v.put("attempts", o.attempts());
        v.put("actor", o.actor());
        v.put("created_at", o.createdAt());
        v.put("claimed_at", o.claimedAt());
        v.put("sent_at", o.sentAt());
        v.put("reply_to", o.replyTo());
        return v;
    }

    static Map<String, Object> inbox(InboxEntry e) {
        var v = new LinkedHashMap<String, Object>();
        v.put("id", e.id());
        v.put("channel", e.message().channel());
        v.put("provider_id", e.message().providerId());
        v.put("conversation", e.message().conversationKey());
        v.put("playbook", e.message().playbook());
        v.put("status", e.status().name());
        v.put("attempts", e.attempts());
        v.put("error", e.error());
        v.put("received_at", e.receivedAt());
        return v;
    }
}
