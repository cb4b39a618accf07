package dev.parley.application.playbook.buyer;

import static dev.parley.application.playbook.buyer.BuyerWording.afterDash;
import static dev.parley.application.playbook.buyer.BuyerWording.clip;

import dev.parley.application.PipelineEvent;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.application.playbook.buyer.agents.SmsComposer;
import dev.parley.domain.buyer.AnsweredQuestion;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Gatekeeper;
import dev.parley.domain.buyer.GatekeeperResult;
import dev.parley.domain.buyer.KnownAnswer;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.buyer.TopicCatalog;
import dev.parley.domain.catalog.Field;
import dev.parley.domain.catalog.LearnedAnswer;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.escalation.EscalationStatus;
import dev.parley.domain.escalation.EscalationThread;
import dev.parley.domain.message.OutboxStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The team's answer to an escalation ({@code ops_answer}): checked, polished, sent to the buyer (as consecutive
 * messages when it does not fit one SMS), and cached in known_answers, answered_questions and the catalogue's learned
 * answers; a later one within the follow-up window is a follow-up.
 */
final class TeamAnswers {
    static final int MAX_ANSWER = 1000;

    private final BuyerSettings settings;
    private final Outgoing outgoing;
    private final PhaseMoves phases;

    TeamAnswers(BuyerSettings settings, Outgoing outgoing, PhaseMoves phases) {
        this.settings = settings;
        this.outgoing = outgoing;
        this.phases = phases;
    }

    /**
     * The team's answer ({@code ops_answer}: {@code answer}, optional {@code escalation} id, {@code by},
     * {@code all_properties}, {@code round}). Refused (nothing changes) when the thread is unknown, expired, closed
     * to follow-ups, already answered in this round, or the buyer opted out; or when the Gatekeeper still rejects
     * the polished text for anything but its length (the hint says what to change). An answer the Polisher cannot
     * fit in one SMS goes as consecutive messages (answer_sent_mode {@code fallback}): nothing of it is dropped.
     */
    void answer(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var now = session.now();
        var text = data.get("answer") instanceof String s ? s.strip() : null;
        if (text == null || text.isEmpty()) throw new InvalidRequestException("answer", "answer is required");
        if (text.length() > MAX_ANSWER) {
            throw new InvalidRequestException("answer", "answer is longer than " + MAX_ANSWER + " characters");
        }
        var thread = thread(session, data);
        if (session.contact().status() == ContactStatus.OPTED_OUT) {
            throw new ConflictException("the buyer opted out; nothing can be sent");
        }
        if (thread.status() == EscalationStatus.EXPIRED || now.isAfter(thread.expiresAt())
                && thread.status() == EscalationStatus.PENDING) {
            throw new ConflictException("escalation " + thread.id() + " expired");
        }
        boolean followUp = thread.status() == EscalationStatus.ANSWERED;
        if (followUp && (thread.followupWindowUntil() == null || now.isAfter(thread.followupWindowUntil()))) {
            throw new ConflictException("escalation " + thread.id() + " was answered; the follow-up window closed");
        }
        if (data.get("round") instanceof Number round && round.intValue() != thread.replies()) {
            throw new ConflictException("this reply was already submitted");
        }
        var by = data.get("by") instanceof String s && !s.isBlank() ? s.strip() : "operator";
        boolean all = Boolean.TRUE.equals(data.get("all_properties"));
        var property = thread.propertyId() == null ? null : session.reads().property(thread.propertyId()).orElse(null);
        var composer = outgoing.composer(session);
        var polished = composer.polishOnce(text, GatekeeperResult.fail("answer", "make it a short SMS answer"),
                SmsKind.FOLLOW_UP, 1, null);
        var mode = polished.equals(text) ? "raw" : "polished";
        var values = Map.of("property", property == null ? "your question" : property.city(),
                "answer", afterDash(polished));
        var situation = followUp ? Situation.ESCALATION_FOLLOWUP : Situation.ESCALATION_ANSWER;
        var rendered = outgoing.templates().render(followUp ? "escalation_followup" : "escalation_answer", values);
        String aside = state.reOptInAsideDue ? outgoing.templates().render("re_opt_in_aside", Map.of()) : null;
        // What the team wrote must reach the buyer as meant: a content problem (two phone numbers, profanity,
        // garbage) is for the team to fix, never for the Polisher to cut out of the answer.
        var content = Gatekeeper.checkContent(outgoing.templates().render(
                followUp ? "escalation_followup" : "escalation_answer", Map.of("property", values.get("property"),
                        "answer", afterDash(text))), SmsKind.FOLLOW_UP);
        if (!content.ok()) {
            throw new InvalidRequestException("answer", "the message would not pass the checks ("
                    + content.violation() + "): " + content.hint());
        }
        var messages = composer.validateWhole(rendered, SmsKind.FOLLOW_UP, situation, aside);
        var composed = messages.getFirst();
        if (messages.size() == 1 && composed.mode().equals("fallback")) {
            // The situation's fallback template would drop the team's answer: say what to change instead.
            var result = Gatekeeper.checkContent(rendered, SmsKind.FOLLOW_UP);
            if (result.ok()) result = Gatekeeper.check(rendered, SmsKind.FOLLOW_UP);
            throw new InvalidRequestException("answer", "the message would not pass the checks ("
                    + result.violation() + "): " + result.hint());
        }
        if (!followUp) cancelWaitingNudge(session, thread);
        var purpose = followUp ? "escalation_followup:" + (thread.followupCount() + 1) : "escalation_answer";
        for (int i = 0; i < messages.size(); i++) {
            outgoing.queue(session, state, "escalation:" + thread.id(), i == 0 ? purpose : purpose + ":part" + (i + 1),
                    messages.get(i), situation, true, aside != null && i == messages.size() - 1);
        }
        var b = thread.edit();
        if (followUp) {
            b.followupCount = thread.followupCount() + 1;
        } else {
            b.status = EscalationStatus.ANSWERED;
            b.answerText = clip(polished, 500);
            b.answerRawText = text;
            b.answerPolishedText = polished;
            b.answerSentText = clip(messages.stream().map(SmsComposer.Composed::text)
                    .collect(Collectors.joining("\n")), 4000);
            b.answerSentMode = switch (composed.mode()) {
                case "generated" -> mode;
                case "fallback" -> "fallback";
                default -> "polished";
            };
            b.answeredAt = now;
            b.answeredBy = by;
            b.allProperties = all;
            b.followupWindowUntil = now.plus(settings.followupWindow());
        }
        b.updatedAt = now;
        session.updateEscalation(b.build());
        if (thread.propertyId() != null) cache(session, state, thread, polished, by, all);
        if (followUp) {
            session.record("escalation_followup", Map.of("escalation_id", thread.id()));
            return;
        }
        EscalationClosing.resolveAlerts(session, thread, by);
        if (thread.propertyId() != null) state.pendingEscalations.remove(thread.propertyId(), thread.id());
        session.record("escalation_answered", Map.of("escalation_id", thread.id(), "mode", b.answerSentMode));
        session.events().add(new PipelineEvent.EscalationChanged(thread.conversationId(), thread.id(),
                property == null ? null : property.ref(), EscalationStatus.ANSWERED.wire()));
        if (EscalationClosing.awaitingNothing(session, state)) {
            phases.fire(session, "answer_received", "escalation " + thread.id() + " answered",
                    Map.of("escalation_id", thread.id()));
        }
    }

    /** A nudge still held by quiet hours is pointless once the answer itself is on its way. */
    private static void cancelWaitingNudge(ConversationSession session, EscalationThread thread) {
        for (var row : session.reads().outbox(thread.conversationId())) {
            if (row.status() == OutboxStatus.PENDING && "sla_nudge".equals(row.purpose())
                    && ("escalation:" + thread.id()).equals(row.cause())) {
                session.markOutbox(row.id(), OutboxStatus.DENIED, "cancelled: the answer replaces it");
                session.events().add(new PipelineEvent.OutboxChanged(row.conversationId(), row.id(),
                        OutboxStatus.DENIED.name()));
            }
        }
    }

    /** The thread the answer names, else the conversation's pending one, else its last answered one. */
    private static EscalationThread thread(ConversationSession session, Map<String, Object> data) {
        var conversationId = session.conversation().id();
        if (data.get("escalation") != null) {
            long id;
            try {
                id = Long.parseLong(data.get("escalation").toString());
            } catch (NumberFormatException e) {
                throw new InvalidRequestException("escalation", "escalation must be an id");
            }
            return session.reads().escalation(id).filter(t -> t.conversationId() == conversationId)
                    .orElseThrow(() -> new NotFoundException("escalation " + id + " of this conversation"));
        }
        var threads = session.reads().escalations(conversationId);
        return threads.stream().filter(t -> t.status() == EscalationStatus.PENDING).findFirst()
                .or(() -> threads.stream().filter(t -> t.status() == EscalationStatus.ANSWERED)
                        .reduce((a, b) -> b))
                .orElseThrow(() -> new NotFoundException("no escalation to answer in this conversation"));
    }

    private void cache(ConversationSession session, BuyerState.Builder state, EscalationThread thread, String answer,
                       String by, boolean all) {
        var now = session.now();
        var field = thread.fieldKey() != null ? Field.byKey(thread.fieldKey())
                : TopicCatalog.autoMapQuestionToFieldKey(thread.questionText());
        field.ifPresent(f -> state.knownAnswers.computeIfAbsent(thread.propertyId(), k -> new LinkedHashMap<>())
                .put(f.key(), new KnownAnswer(answer, "escalation", now)));
        state.answeredQuestions.add(new AnsweredQuestion(thread.questionText(), answer, thread.propertyId(),
                field.map(Field::key).orElse(null), now));
        session.learnAnswer(new LearnedAnswer(0, thread.propertyId(), field.map(Field::key).orElse(null),
                thread.questionText(), answer, all, thread.id(), by, now));
    }
}
