package dev.parley.adapter.persistence;

import dev.parley.domain.escalation.EscalationStatus;
import dev.parley.domain.escalation.EscalationThread;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "escalation_threads")
class EscalationThreadEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "conversation_id", nullable = false) long conversationId;
    @Column(name = "state_id", nullable = false) long stateId;
    @Column(name = "property_id") Long propertyId;
    @Column(name = "question_text", nullable = false, length = 500) String questionText;
    @Column(name = "answer_text", length = 500) String answerText;
    @Column(nullable = false, length = 20) String status;
    @Column(name = "sla_deadline_at", nullable = false) Instant slaDeadlineAt;
    @Column(name = "buyer_nudge_sent", nullable = false) boolean buyerNudgeSent;
    @Column(name = "email_count", nullable = false) int emailCount;
    @Column(name = "last_email_sent_at") Instant lastEmailSentAt;
    @Column(name = "answer_raw_text", length = 4000) String answerRawText;
    @Column(name = "answer_polished_text", length = 4000) String answerPolishedText;
    @Column(name = "answer_sent_text", length = 4000) String answerSentText;
    @Column(name = "answer_sent_mode", length = 20) String answerSentMode;
    @Column(name = "answered_at") Instant answeredAt;
    @Column(name = "answered_by") String answeredBy;
    @Column(name = "followup_window_until") Instant followupWindowUntil;
    @Column(name = "followup_count", nullable = false) int followupCount;
    @Column(name = "thread_questions", nullable = false, length = 8000) String threadQuestions;
    @Column(name = "field_key", length = 64) String fieldKey;
    @Column(length = 100) String topic;
    @Column(name = "alert_id") Long alertId;
    @Column(name = "reply_token", nullable = false, length = 64) String replyToken;
    @Column(name = "expires_at", nullable = false) Instant expiresAt;
    @Column(name = "all_properties", nullable = false) boolean allProperties;
    @Column(name = "created_at", nullable = false) Instant createdAt;
    @Column(name = "updated_at", nullable = false) Instant updatedAt;

    void set(EscalationThread t) {
        conversationId = t.conversationId();
        stateId = t.stateId();
        propertyId = t.propertyId();
        questionText = t.questionText();
        answerText = t.answerText();
        status = t.status().wire();
        slaDeadlineAt = t.slaDeadlineAt();
        buyerNudgeSent = t.buyerNudgeSent();
        emailCount = t.emailCount();
        lastEmailSentAt = t.lastEmailSentAt();
        answerRawText = t.answerRawText();
        answerPolishedText = t.answerPolishedText();
        answerSentText = t.answerSentText();
        answerSentMode = t.answerSentMode();
        answeredAt = t.answeredAt();
        answeredBy = t.answeredBy();
        followupWindowUntil = t.followupWindowUntil();
        followupCount = t.followupCount();
        threadQuestions = BuyerStateJson.strings(t.threadQuestions());
        fieldKey = t.fieldKey();
        topic = t.topic();
        alertId = t.alertId();
        replyToken = t.replyToken();
        expiresAt = t.expiresAt();
        allProperties = t.allProperties();
        createdAt = t.createdAt();
        updatedAt = t.updatedAt();
    }

    EscalationThread toDomain() {
        return new EscalationThread(id, conversationId, stateId, propertyId, questionText, answerText,
                EscalationStatus.fromWire(status), slaDeadlineAt, buyerNudgeSent, emailCount, lastEmailSentAt,
                answerRawText, answerPolishedText, answerSentText, answerSentMode, answeredAt, answeredBy,
                followupWindowUntil, followupCount, BuyerStateJson.strings(threadQuestions), fieldKey, topic, alertId,
                replyToken, expiresAt, allProperties, createdAt, updatedAt);
    }
}
