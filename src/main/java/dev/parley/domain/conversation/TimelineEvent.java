package dev.parley.domain.conversation;

import java.time.Instant;

/** One entry of a conversation's timeline: a transition, a rejected trigger, a message, an operator action. */
public record TimelineEvent(long id, long conversationId, String type, String fromState, String toState,
                            String trigger, String detailJson, String actor, Instant at) {

    public static final String SYSTEM_ACTOR = "system";
}
