package dev.parley.bootstrap.replay;

import dev.parley.application.JsonDocuments;
import dev.parley.application.operator.DeliverExternalEvent;
import dev.parley.application.operator.FindConversations;
import dev.parley.application.replay.ReplayEvent;
import dev.parley.bootstrap.ParleyApp;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.OutboxEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes a stored conversation as replay events: the operator's start, every receipt of its lane, operator
 * replies and unblocks, external events, and a final {@code advance} to its last recorded activity so timers
 * that fired in reality fire in the replay too. Reads only.
 */
public final class ConversationExport {
    private ConversationExport() {
    }

    private record Ranked(ReplayEvent event, int rank, long id) {
    }

    public static List<ReplayEvent> export(ParleyApp app, long conversationId) {
        var detail = app.find.detail(conversationId);
        var conversation = detail.conversation();
        var inbox = app.transactions.inTransaction(
                s -> s.inbox().ofLane(conversation.channel(), conversation.key()));
        var ranked = new ArrayList<Ranked>();
        boolean started = false;
        for (var audit : detail.audit()) {
            var data = JsonDocuments.read(audit.detailJson());
            switch (audit.action()) {
                case "start_conversation" -> {
                    started = true;
                    ranked.add(new Ranked(new ReplayEvent.Start(audit.at(), 0, conversation.playbook(),
                            conversation.channel(), conversation.key(), outboxText(detail, data), audit.actor()),
                            0, audit.id()));
                }
                case "reply" -> ranked.add(new Ranked(new ReplayEvent.OperatorReply(audit.at(), 0, conversation.key(),
                        conversation.channel(), outboxText(detail, data), audit.actor()), 2, audit.id()));
                case "unblock" -> ranked.add(new Ranked(new ReplayEvent.Unblock(audit.at(), 0, conversation.key(),
                        conversation.channel(), (String) data.get("resume_state"), (String) data.get("note"),
                        audit.actor()), 2, audit.id()));
                default -> {
                }
            }
        }
        for (var event : detail.events()) {
            if (!DeliverExternalEvent.TIMELINE_TYPE.equals(event.type())) continue;
            var data = JsonDocuments.read(event.detailJson());
            @SuppressWarnings("unchecked")
            var payload = (Map<String, Object>) data.getOrDefault("data", Map.of());
            var actor = TimelineEvent.SYSTEM_ACTOR.equals(event.actor()) ? null : event.actor();
            ranked.add(new Ranked(new ReplayEvent.External(event.at(), 0, conversation.key(), conversation.channel(),
                    event.trigger(), payload, actor), 3, event.id()));
        }
        boolean first = !started;
        for (InboxEntry entry : inbox) {
            var m = entry.message();
            // The conversation's playbook was chosen by its first message; pin it so today's default cannot change it.
            var playbook = first && m.playbook() == null ? conversation.playbook() : m.playbook();
            first = false;
            ranked.add(new Ranked(new ReplayEvent.Inbound(entry.receivedAt(), 0, m.providerId(), m.channel(),
                    m.conversationKey(), m.from(), m.to(), m.text(), m.replyTo(), playbook, m.senderName()),
                    1, entry.id()));
        }
        ranked.sort(Comparator.comparing((Ranked r) -> r.event().at()).thenComparingInt(Ranked::rank)
                .thenComparingLong(Ranked::id));
        var events = new ArrayList<ReplayEvent>(ranked.stream().map(Ranked::event).toList());
        lastActivity(detail).ifPresent(last -> {
            if (events.isEmpty() || last.isAfter(events.getLast().at())) {
                events.add(new ReplayEvent.Advance(last, 0));
            }
        });
        return events;
    }

    private static String outboxText(FindConversations.Detail detail, Map<String, Object> auditData) {
        var id = auditData.get("outbox_id");
        return detail.outbox().stream().filter(o -> id instanceof Number n && o.id() == n.longValue())
                .map(OutboxEntry::text).findFirst().orElse("");
    }

    private static java.util.Optional<Instant> lastActivity(FindConversations.Detail detail) {
        return Stream.of(
                        detail.events().stream().map(TimelineEvent::at),
                        detail.outbox().stream().map(o -> o.sentAt() != null ? o.sentAt() : o.createdAt()),
                        detail.alerts().stream().map(a -> a.createdAt()),
                        detail.tasks().stream().map(t -> t.createdAt()))
                .flatMap(s -> s).max(Instant::compareTo);
    }
}
