package dev.parley.adapter.ui.conversation;

import dev.parley.application.operator.FindConversations;
import dev.parley.application.playbook.StateGraph;
import dev.parley.domain.conversation.ConversationAlert;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a conversation's detail shows beside the timeline, as lines: the contact pane's facts, the tasks pane, the
 * opportunity badge, and the states the conversation went through (the diagram's path).
 */
final class DetailPanes {
    private DetailPanes() {
    }

    /** The contact pane: address, name, status and why, automation, time zone. */
    static List<String> contactFacts(FindConversations.Detail d) {
        var c = d.conversation();
        var contact = d.contact();
        var facts = new ArrayList<String>();
        facts.add("Address: " + contact.address());
        if (contact.displayName() != null) facts.add("Name: " + contact.displayName());
        facts.add("Status: " + contact.status() + (contact.statusSince() != null ? " since " + contact.statusSince()
                : ""));
        if (contact.statusReason() != null) facts.add("Why: " + contact.statusReason());
        if (contact.statusBy() != null) facts.add("By: " + contact.statusBy());
        facts.add("Automation: " + (c.automationPaused() ? "paused" : "running"));
        facts.add("Time zone: " + contact.zone().map(ZoneId::getId)
                .orElse("none set (quiet hours use the number's zones)"));
        return facts;
    }

    /** The tasks pane: open tasks, then the data extracted from messages. */
    static List<String> tasks(FindConversations.Detail d) {
        var taskLines = new ArrayList<String>();
        d.tasks().forEach(t -> taskLines.add("☐ " + t.text() + " (" + t.kind() + ", " + t.status() + ")"));
        d.messages().stream().filter(m -> m.dataJson() != null).forEach(m -> taskLines.add("Extracted: "
                + m.dataJson()));
        return taskLines;
    }

    /** The states the conversation went through, oldest first; its current state when it never moved. */
    static List<String> visited(FindConversations.Detail d) {
        var visited = new ArrayList<String>();
        d.events().stream().filter(e -> "transition".equals(e.type()) || e.toState() != null).forEach(e -> {
            if (visited.isEmpty() && e.fromState() != null) visited.add(e.fromState());
            visited.add(e.toState());
        });
        if (visited.isEmpty()) visited.add(d.conversation().state());
        return visited;
    }

    /**
     * The conversation's badge for its unresolved informational alerts (HIGH_VALUE, …: the Opportunities view), e.g.
     * "★ opportunity: high-value"; empty when there is none.
     */
    static String opportunityBadge(List<ConversationAlert> alerts) {
        var categories = alerts.stream().filter(a -> !ConversationAlert.RESOLVED.equals(a.status()))
                .filter(a -> a.severity().informational())
                .flatMap(a -> a.categories().isEmpty()
                        ? Stream.of(a.severity().wire().toLowerCase(java.util.Locale.ROOT)) : a.categories().stream())
                .map(c -> c.replace('_', '-')).distinct().toList();
        return categories.isEmpty() ? "" : "★ opportunity: " + String.join(", ", categories);
    }

    /** The graph of a playbook that is not installed (any more): the states this conversation went through. */
    static StateGraph observed(List<String> visited) {
        var transitions = new ArrayList<StateGraph.Transition>();
        for (int i = 0; i + 1 < visited.size(); i++) {
            var t = new StateGraph.Transition(visited.get(i), visited.get(i + 1), "");
            if (!transitions.contains(t)) transitions.add(t);
        }
        return new StateGraph(visited.getFirst(), visited.stream().distinct().toList(), transitions);
    }
}
