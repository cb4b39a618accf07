package dev.parley.application.store;

import dev.parley.domain.escalation.EscalationThread;
import java.util.List;
import java.util.Optional;

/** Questions escalated to the team, with their SLA, e-mails and answers (seed 003's escalation_threads). */
public interface Escalations {
    /** Stores a new thread (its id is ignored) and returns it with its id. */
    EscalationThread open(EscalationThread thread);

    Optional<EscalationThread> find(long id);

    Optional<EscalationThread> findByToken(String replyToken);

    List<EscalationThread> ofConversation(long conversationId);

    /** Pending threads, earliest SLA deadline first. */
    List<EscalationThread> pending(int limit);

    /** Threads answered or expired, most recently updated first. */
    List<EscalationThread> closed(int limit);

    void update(EscalationThread thread);
}
