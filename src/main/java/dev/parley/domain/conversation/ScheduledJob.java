package dev.parley.domain.conversation;

import java.time.Instant;

/** A job due at a time: a state-machine timer, a nudge, an SLA check. */
public record ScheduledJob(long id, String kind, Long conversationId, String trigger, String state,
                           Instant dueAt, String status, int attempts) {
    public static final String TIMER = "fsm_timer";
}
