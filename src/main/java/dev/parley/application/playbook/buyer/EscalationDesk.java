package dev.parley.application.playbook.buyer;

import static dev.parley.application.playbook.buyer.BuyerWording.clip;

import dev.parley.application.PipelineEvent;
import dev.parley.application.escalation.OpsMailer;
import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.QuestionSimilarity;
import dev.parley.domain.buyer.Topic;
import dev.parley.domain.catalog.Field;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.escalation.EscalationStatus;
import dev.parley.domain.escalation.EscalationThread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 003's Escalation Service: opens an escalation thread for a question no cache could answer (an ESCALATION
 * alert for the console, an e-mail to ops when SMTP is set up, SLA and expiry jobs), nudges the buyer once and
 * alerts ops on an SLA breach, expires forgotten threads, and takes the team's answer: Polisher → Gatekeeper →
 * outbox, cached in known_answers, answered_questions and the catalogue's learned answers. The jobs are
 * {@link EscalationJobs} (e-mails {@link OpsEmails}), the answer {@link TeamAnswers}.
 */
final class EscalationDesk {
    static final String ANSWER_EVENT = "ops_answer";

    private final BuyerSettings settings;
    private final ReplyLinks links;
    private final EscalationJobs jobs;
    private final TeamAnswers answers;

    EscalationDesk(BuyerSettings settings, Outgoing outgoing, PhaseMoves phases, OpsMailer mailer, ReplyLinks links) {
        this.settings = settings;
        this.links = links;
        this.jobs = new EscalationJobs(outgoing, phases, new OpsEmails(mailer, links));
        this.answers = new TeamAnswers(settings, outgoing, phases);
    }

    /**
     * Opens a thread for {@code question} about {@code property}; a question about a property with a thread
     * already pending joins that thread (thread_questions) instead of opening another.
     */
    EscalationThread open(ConversationSession session, BuyerState.Builder state, Property property, String question,
                          Field field, Topic topic) {
        var now = session.now();
        var pendingId = state.pendingEscalations.get(property.id());
        if (pendingId != null) {
            var pending = session.reads().escalation(pendingId).filter(t -> t.status() == EscalationStatus.PENDING);
            if (pending.isPresent()) {
                var b = pending.get().edit();
                if (b.threadQuestions.stream().noneMatch(q -> QuestionSimilarity.same(q, question))) {
                    b.threadQuestions.add(clip(question, 500));
                }
                b.updatedAt = now;
                session.updateEscalation(b.build());
                session.record("escalation_joined", Map.of("escalation_id", pendingId));
                return b.build();
            }
        }
        var b = new EscalationThread.Builder();
        b.conversationId = session.conversation().id();
        b.stateId = session.conversation().id();
        b.propertyId = property.id();
        b.questionText = clip(question, 500);
        b.status = EscalationStatus.PENDING;
        b.slaDeadlineAt = now.plus(settings.sla());
        b.threadQuestions = new ArrayList<>(List.of(clip(question, 500)));
        b.fieldKey = field == null ? null : field.key();
        b.topic = topic != null ? topic.label() : field != null ? field.label() : null;
        b.replyToken = session.draw("reply_token", links::newToken);
        b.expiresAt = now.plus(settings.expiry());
        b.createdAt = now;
        b.updatedAt = now;
        var thread = session.openEscalation(b.build());
        long alertId = session.raiseAlert(null, AlertSeverity.ESCALATION,
                List.of(b.topic == null ? "question" : b.topic),
                List.of("escalation:" + thread.id()), "buyer-sms");
        var withAlert = thread.edit();
        withAlert.alertId = alertId;
        thread = withAlert.build();
        session.updateEscalation(thread);
        jobs.scheduleFor(session, thread, now);
        state.pendingEscalations.put(property.id(), thread.id());
        session.record("escalation_opened", detail(thread, property));
        session.events().add(new PipelineEvent.EscalationChanged(thread.conversationId(), thread.id(), property.ref(),
                EscalationStatus.PENDING.wire()));
        return thread;
    }

    boolean handles(String trigger) {
        return jobs.handles(trigger);
    }

    void onTimer(ConversationSession session, BuyerState.Builder state, String trigger) {
        jobs.onTimer(session, state, trigger);
    }

    /** The team's answer ({@code ops_answer}): see {@link TeamAnswers#answer}. */
    void answer(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        answers.answer(session, state, data);
    }

    private static Map<String, Object> detail(EscalationThread thread, Property property) {
        var d = new LinkedHashMap<String, Object>();
        d.put("escalation_id", thread.id());
        d.put("property", property.ref());
        if (thread.fieldKey() != null) d.put("field_key", thread.fieldKey());
        if (thread.topic() != null) d.put("topic", thread.topic());
        d.put("sla_deadline_at", thread.slaDeadlineAt().toString());
        return d;
    }
}
