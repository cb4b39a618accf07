package dev.parley.application;

import java.util.List;

/** What happened in the pipeline, published after the transaction that caused it has committed. */
public sealed interface PipelineEvent {
    long conversationId();

    record MessageReceived(long conversationId, long messageId) implements PipelineEvent { }

    record StateChanged(long conversationId, String from, String to, String trigger) implements PipelineEvent { }

    record AlertRaised(long conversationId, long alertId, String severity, List<String> categories)
            implements PipelineEvent { }

    record OutboxChanged(long conversationId, long outboxId, String status) implements PipelineEvent { }

    record OperatorActed(long conversationId, String action, String actor) implements PipelineEvent { }

    record TaskCreated(long conversationId, long taskId, String text, String kind) implements PipelineEvent { }

    /**
     * An escalation thread opened, was answered or expired ({@code status}: pending, answered, expired); {@code
     * property} is the property's catalogue ref, or null.
     */
    record EscalationChanged(long conversationId, long escalationId, String property, String status)
            implements PipelineEvent { }

    /** An external event (for example {@code tour_confirmed}) was delivered to the conversation's playbook. */
    record ExternalEventDelivered(long conversationId, String name) implements PipelineEvent { }
}
