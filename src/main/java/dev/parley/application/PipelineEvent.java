package dev.parley.application;

import dev.parley.domain.alert.AlertSeverity;
import java.util.List;

/** What happened in the pipeline, published after the transaction that caused it has committed. */
public sealed interface PipelineEvent {
    long conversationId();

    record MessageReceived(long conversationId, long messageId) implements PipelineEvent { }

    /**
     * A transition. {@code guard} names the guard that let it happen and {@code reason} says why it passed (e.g.
     * {@code intent NOT_INTERESTED (rules: matched NOT_INTERESTED 'not really into')}); both may be null.
     */
    record StateChanged(long conversationId, String from, String to, String trigger, String guard, String reason)
            implements PipelineEvent {
        public StateChanged(long conversationId, String from, String to, String trigger) {
            this(conversationId, from, to, trigger, null, null);
        }
    }

    record AlertRaised(long conversationId, long alertId, AlertSeverity severity, List<String> categories)
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

    /**
     * Chime-in chose the earlier messages a mention is about ({@code selected}: their provider ids, oldest first)
     * with {@code strategy}, before answering it.
     */
    record ContextSelected(long conversationId, long messageId, String strategy, List<String> selected)
            implements PipelineEvent { }

    /**
     * The assistant made a plan (seed 001 step 8): the steps' labels (an action, or the tool a tool step calls) and
     * whether the plan was valid.
     */
    record PlanMade(long conversationId, List<String> steps, boolean valid) implements PipelineEvent { }

    /** The assistant called a tool: its name and the outcome ({@code ok}, {@code no_results}, {@code failed}, …). */
    record ToolCalled(long conversationId, String tool, String outcome) implements PipelineEvent { }

    /**
     * The safety validator decided on a message of the conversation (seed 002): {@code direction} inbound or
     * outbound, {@code decision} its wire word, the categories raised, why, and the trace id. Never the content.
     */
    record SafetyDecided(long conversationId, String direction, String decision, List<String> riskCategories,
                         String enforcementReason, String traceId) implements PipelineEvent { }

    /** An external event (for example {@code tour_confirmed}) was delivered to the conversation's playbook. */
    record ExternalEventDelivered(long conversationId, String name) implements PipelineEvent { }

    /**
     * The store changed in ways this process did not see event by event (team mode: the connection that brings
     * other processes' events was lost and is back): whoever shows the store refreshes it. About no conversation.
     */
    /**
     * Team mode: an operator's console shows a conversation ({@code activity} {@code viewing}, {@code replying}
     * while a reply is being written, {@code left} when it is closed), announced again every
     * {@link #PRESENCE_REFRESH_SECONDS} s while it stays open. Not a change of the store: nothing reloads for it.
     */
    record OperatorPresent(long conversationId, String operator, String activity) implements PipelineEvent {
    }

    /**
     * A model call of the conversation waits for its turn ({@code model.max_concurrency} calls already run), or got
     * it: {@code queued} calls wait now. Not a change of the store: the status bar says how many wait.
     */
    record ModelTurn(long conversationId, String task, int queued) implements PipelineEvent {
    }

    /** How often an open conversation's presence is announced again; it lapses after three missed announcements. */
    int PRESENCE_REFRESH_SECONDS = 15;

    record StoreChanged() implements PipelineEvent {
        @Override
        public long conversationId() {
            return 0;
        }
    }
}
