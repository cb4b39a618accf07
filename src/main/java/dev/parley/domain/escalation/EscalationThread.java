package dev.parley.domain.escalation;

import java.time.Instant;
import java.util.List;

/**
 * A buyer question escalated to the team (seed 003's {@code EscalationThread}, every field), plus what Parley needs
 * around it: the Field Catalog key and topic the question maps to, the console alert, and the Reply Tool's token.
 *
 * @param stateId the buyer state's id (Parley keys buyer state by conversation, so this is the conversation id)
 * @param answerSentMode polished, raw or fallback
 * @param threadQuestions every question of the thread, the first one included
 * @param replyToken the Reply Tool link's token (a capability for this thread only, unguessable)
 * @param expiresAt when an unanswered thread expires and its link stops working
 */
public record EscalationThread(long id, long conversationId, long stateId, Long propertyId, String questionText,
                               String answerText, EscalationStatus status, Instant slaDeadlineAt,
                               boolean buyerNudgeSent, int emailCount, Instant lastEmailSentAt, String answerRawText,
                               String answerPolishedText, String answerSentText, String answerSentMode,
                               Instant answeredAt, String answeredBy, Instant followupWindowUntil, int followupCount,
                               List<String> threadQuestions, String fieldKey, String topic, Long alertId,
                               String replyToken, Instant expiresAt, boolean allProperties, Instant createdAt,
                               Instant updatedAt) {

    public EscalationThread {
        threadQuestions = threadQuestions == null ? List.of() : List.copyOf(threadQuestions);
    }

    public Builder edit() {
        return new Builder(this);
    }

    /** How many replies the team has sent on this thread (the answer, then follow-ups). */
    public int replies() {
        return (status == EscalationStatus.ANSWERED ? 1 : 0) + followupCount;
    }

    /** Mutable copy, for the one place that changes a thread. */
    public static final class Builder {
        public long id;
        public long conversationId;
        public long stateId;
        public Long propertyId;
        public String questionText;
        public String answerText;
        public EscalationStatus status;
        public Instant slaDeadlineAt;
        public boolean buyerNudgeSent;
        public int emailCount;
        public Instant lastEmailSentAt;
        public String answerRawText;
        public String answerPolishedText;
        public String answerSentText;
        public String answerSentMode;
        public Instant answeredAt;
        public String answeredBy;
        public Instant followupWindowUntil;
        public int followupCount;
        public List<String> threadQuestions;
        public String fieldKey;
        public String topic;
        public Long alertId;
        public String replyToken;
        public Instant expiresAt;
        public boolean allProperties;
        public Instant createdAt;
        public Instant updatedAt;

        public Builder() {
        }

        Builder(EscalationThread t) {
            id = t.id;
            conversationId = t.conversationId;
            stateId = t.stateId;
            propertyId = t.propertyId;
            questionText = t.questionText;
            answerText = t.answerText;
            status = t.status;
            slaDeadlineAt = t.slaDeadlineAt;
            buyerNudgeSent = t.buyerNudgeSent;
            emailCount = t.emailCount;
            lastEmailSentAt = t.lastEmailSentAt;
            answerRawText = t.answerRawText;
            answerPolishedText = t.answerPolishedText;
            answerSentText = t.answerSentText;
            answerSentMode = t.answerSentMode;
            answeredAt = t.answeredAt;
            answeredBy = t.answeredBy;
            followupWindowUntil = t.followupWindowUntil;
            followupCount = t.followupCount;
            threadQuestions = new java.util.ArrayList<>(t.threadQuestions);
            fieldKey = t.fieldKey;
            topic = t.topic;
            alertId = t.alertId;
            replyToken = t.replyToken;
            expiresAt = t.expiresAt;
            allProperties = t.allProperties;
            createdAt = t.createdAt;
            updatedAt = t.updatedAt;
        }

        public EscalationThread build() {
            return new EscalationThread(id, conversationId, stateId, propertyId, questionText, answerText, status,
                    slaDeadlineAt, buyerNudgeSent, emailCount, lastEmailSentAt, answerRawText, answerPolishedText,
                    answerSentText, answerSentMode, answeredAt, answeredBy, followupWindowUntil, followupCount,
                    threadQuestions, fieldKey, topic, alertId, replyToken, expiresAt, allProperties, createdAt,
                    updatedAt);
        }
    }
}
