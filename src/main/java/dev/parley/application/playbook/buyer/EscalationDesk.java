package dev.parley.application.playbook.buyer;

import dev.parley.application.PipelineEvent;
import dev.parley.application.escalation.OpsMailer;
import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.application.playbook.buyer.agents.SmsComposer;
import dev.parley.domain.buyer.AnsweredQuestion;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.KnownAnswer;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.QuestionSimilarity;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.buyer.Topic;
import dev.parley.domain.buyer.TopicCatalog;
import dev.parley.domain.catalog.Field;
import dev.parley.domain.catalog.LearnedAnswer;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.escalation.EscalationStatus;
import dev.parley.domain.escalation.EscalationThread;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Seed 003's Escalation Service: opens an escalation thread for a question no cache could answer (an ESCALATION
 * alert for the console, an e-mail to ops when SMTP is set up, SLA and expiry jobs), nudges the buyer once and
 * alerts ops on an SLA breach, expires forgotten threads, and takes the team's answer: Polisher → Gatekeeper →
 * outbox, cached in known_answers, answered_questions and the catalogue's learned answers.
 */
final class EscalationDesk {
    static final String JOB_KIND = "escalation";
    static final String SLA = "escalation_sla:";
    static final String EXPIRE = "escalation_expire:";
    static final String EMAIL = "escalation_email:";
    static final String BREACH_EMAIL = "escalation_breach_email:";
    static final String ANSWER_EVENT = "ops_answer";
    static final int MAX_ANSWER = 1000;
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.US)
            .withZone(java.time.ZoneOffset.UTC);

    private final BuyerSettings settings;
    private final Outgoing outgoing;
    private final PhaseMoves phases;
    private final OpsMailer mailer;
    private final ReplyLinks links;

    EscalationDesk(BuyerSettings settings, Outgoing outgoing, PhaseMoves phases, OpsMailer mailer, ReplyLinks links) {
        this.settings = settings;
        this.outgoing = outgoing;
        this.phases = phases;
        this.mailer = mailer;
        this.links = links;
    }

    /**
     * Opens a thread for {@code question} about {@code property}; a question about a property with a thread
     * already pending joins that thread (thread_questions) instead of opening another.
     */
    EscalationThread open(ConversationSession session, BuyerState.Builder state, Property property, String question,
                          Field field, Topic topic) {
        var store = session.store();
        var now = session.now();
        var pendingId = state.pendingEscalations.get(property.id());
        if (pendingId != null) {
            var pending = store.escalations().find(pendingId).filter(t -> t.status() == EscalationStatus.PENDING);
            if (pending.isPresent()) {
                var b = pending.get().edit();
                if (b.threadQuestions.stream().noneMatch(q -> QuestionSimilarity.same(q, question))) {
                    b.threadQuestions.add(clip(question, 500));
                }
                b.updatedAt = now;
                store.escalations().update(b.build());
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
        b.replyToken = links.newToken();
        b.expiresAt = now.plus(settings.expiry());
        b.createdAt = now;
        b.updatedAt = now;
        var thread = store.escalations().open(b.build());
        long alertId = session.raiseAlert(null, "ESCALATION", List.of(b.topic == null ? "question" : b.topic),
                List.of("escalation:" + thread.id()), "buyer-sms");
        var withAlert = thread.edit();
        withAlert.alertId = alertId;
        thread = withAlert.build();
        store.escalations().update(thread);
        schedule(session, EMAIL + thread.id(), now);
        schedule(session, SLA + thread.id(), thread.slaDeadlineAt());
        schedule(session, EXPIRE + thread.id(), thread.expiresAt());
        state.pendingEscalations.put(property.id(), thread.id());
        session.record("escalation_opened", detail(thread, property));
        session.events().add(new PipelineEvent.EscalationChanged(thread.conversationId(), thread.id(), property.ref(),
                EscalationStatus.PENDING.wire()));
        return thread;
    }

    private void schedule(ConversationSession session, String trigger, java.time.Instant at) {
        // No state: an escalation's jobs fire whatever phase the conversation is in by then.
        session.store().jobs().schedule(JOB_KIND, session.conversation().id(), trigger, null, at, session.now());
    }

    boolean handles(String trigger) {
        return trigger.startsWith("escalation_");
    }

    void onTimer(ConversationSession session, BuyerState.Builder state, String trigger) {
        long id = Long.parseLong(trigger.substring(trigger.indexOf(':') + 1));
        var thread = session.store().escalations().find(id).orElse(null);
        if (thread == null) {
            session.reject(trigger, "no escalation " + id);
            return;
        }
        var property = thread.propertyId() == null ? null
                : session.store().catalog().property(thread.propertyId()).orElse(null);
        if (trigger.startsWith(SLA)) slaDue(session, state, thread, property);
        else if (trigger.startsWith(EXPIRE)) expire(session, state, thread, property);
        else if (trigger.startsWith(EMAIL)) email(session, thread, property, false);
        else if (trigger.startsWith(BREACH_EMAIL)) email(session, thread, property, true);
        else session.reject(trigger, "unknown escalation job");
    }

    /** SLA breach: one natural nudge to the buyer and an ops alert; never twice (buyer_nudge_sent). */
    private void slaDue(ConversationSession session, BuyerState.Builder state, EscalationThread thread,
                        Property property) {
        if (thread.status() != EscalationStatus.PENDING || thread.buyerNudgeSent()) return;
        var now = session.now();
        var values = new LinkedHashMap<String, String>();
        values.put("topic", thread.topic() == null ? "your" : thread.topic());
        values.put("property", property == null ? "the space" : property.city());
        alternative(session, state, thread).ifPresent(city -> values.put("alternative", city));
        outgoing.proactive(session, state, "escalation:" + thread.id(), "sla_nudge",
                Outgoing.Reply.of(Situation.SLA_NUDGE, SmsKind.FOLLOW_UP, values));
        session.raiseAlert(null, "SLA_BREACH", List.of("sla_breach", thread.topic() == null ? "question"
                : thread.topic()), List.of("escalation:" + thread.id()), "buyer-sms");
        var b = thread.edit();
        b.buyerNudgeSent = true;
        b.updatedAt = now;
        session.store().escalations().update(b.build());
        if (mailer.configured()) schedule(session, BREACH_EMAIL + thread.id(), now);
        session.record("escalation_sla_breached", Map.of("escalation_id", thread.id()));
    }

    /** Another presented property to look at while the buyer waits ("the Pontiac space"). */
    private static Optional<String> alternative(ConversationSession session, BuyerState.Builder state,
                                                EscalationThread thread) {
        for (var listingId : state.presentedListingIds) {
            var entry = session.store().catalog().entry(listingId);
            if (entry.isPresent() && !Long.valueOf(entry.get().property().id()).equals(thread.propertyId())) {
                return Optional.of(entry.get().property().city());
            }
        }
        return Optional.empty();
    }

    private void expire(ConversationSession session, BuyerState.Builder state, EscalationThread thread,
                        Property property) {
        if (thread.status() != EscalationStatus.PENDING) return;
        var b = thread.edit();
        b.status = EscalationStatus.EXPIRED;
        b.updatedAt = session.now();
        session.store().escalations().update(b.build());
        resolveAlerts(session, thread, "expired");
        if (thread.propertyId() != null) state.pendingEscalations.remove(thread.propertyId(), thread.id());
        session.record("escalation_expired", Map.of("escalation_id", thread.id()));
        session.events().add(new PipelineEvent.EscalationChanged(thread.conversationId(), thread.id(),
                property == null ? null : property.ref(), EscalationStatus.EXPIRED.wire()));
        if (session.conversation().state().equals(Phase.AWAITING_ANSWER.stateName())
                && !state.pendingEscalations.containsKey(focusedProperty(session, state))) {
            phases.fire(session, "escalation_expired", "escalation " + thread.id() + " expired",
                    Map.of("escalation_id", thread.id()));
        }
    }

    private void email(ConversationSession session, EscalationThread thread, Property property, boolean breach) {
        if (!mailer.configured() || thread.status() != EscalationStatus.PENDING) return;
        var where = property == null ? "" : " at " + property.name() + " (" + property.ref() + ")";
        var subject = (breach ? "SLA breached: " : "Buyer question: ") + (thread.topic() == null ? "question"
                : thread.topic()) + where;
        var body = new StringBuilder();
        if (breach) body.append("The 2-hour SLA passed and the buyer was told we're still working on it.\n\n");
        body.append("Question").append(thread.threadQuestions().size() > 1 ? "s" : "").append(":\n");
        for (var q : thread.threadQuestions()) body.append("  ").append(q).append('\n');
        if (property != null) {
            body.append("\nProperty: ").append(property.name()).append(", ").append(property.city()).append(' ')
                    .append(property.state() == null ? "" : property.state()).append(" (").append(property.ref())
                    .append(")\n");
        }
        body.append("Conversation: ").append(thread.conversationId()).append('\n');
        body.append("Answer by: ").append(UTC.format(thread.slaDeadlineAt())).append('\n');
        body.append("\nAnswer here: ").append(links.url(thread.replyToken())).append('\n');
        body.append("The link works until ").append(UTC.format(thread.expiresAt())).append(".\n");
        mailer.send(new OpsMailer.OpsEmail(subject, body.toString()));
        var b = thread.edit();
        b.emailCount = thread.emailCount() + 1;
        b.lastEmailSentAt = session.now();
        b.updatedAt = session.now();
        session.store().escalations().update(b.build());
        session.record("escalation_emailed", Map.of("escalation_id", thread.id(), "breach", breach));
    }

    /**
     * The team's answer ({@code ops_answer}: {@code answer}, optional {@code escalation} id, {@code by},
     * {@code all_properties}, {@code round}). Refused (nothing changes) when the thread is unknown, expired, closed
     * to follow-ups, already answered in this round, or the buyer opted out; or when the Gatekeeper still rejects
     * the polished text for anything but its length (the hint says what to change). An answer the Polisher cannot
     * fit in one SMS goes as consecutive messages (answer_sent_mode {@code fallback}): nothing of it is dropped.
     */
    void answer(ConversationSession session, BuyerState.Builder state, Map<String, Object> data) {
        var store = session.store();
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
        var property = thread.propertyId() == null ? null : store.catalog().property(thread.propertyId()).orElse(null);
        var composer = outgoing.composer(session);
        var polished = composer.polishOnce(text, dev.parley.domain.buyer.GatekeeperResult.fail("answer",
                "make it a short SMS answer"), SmsKind.FOLLOW_UP, 1, null);
        var mode = polished.equals(text) ? "raw" : "polished";
        var values = Map.of("property", property == null ? "your question" : property.city(),
                "answer", afterDash(polished));
        var situation = followUp ? Situation.ESCALATION_FOLLOWUP : Situation.ESCALATION_ANSWER;
        var rendered = outgoing.templates().render(followUp ? "escalation_followup" : "escalation_answer", values);
        String aside = state.reOptInAsideDue ? outgoing.templates().render("re_opt_in_aside", Map.of()) : null;
        // What the team wrote must reach the buyer as meant: a content problem (two phone numbers, profanity,
        // garbage) is for the team to fix, never for the Polisher to cut out of the answer.
        var content = dev.parley.domain.buyer.Gatekeeper.checkContent(outgoing.templates().render(
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
            var result = dev.parley.domain.buyer.Gatekeeper.checkContent(rendered, SmsKind.FOLLOW_UP);
            if (result.ok()) result = dev.parley.domain.buyer.Gatekeeper.check(rendered, SmsKind.FOLLOW_UP);
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
                    .collect(java.util.stream.Collectors.joining("\n")), 4000);
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
        store.escalations().update(b.build());
        if (thread.propertyId() != null) cache(session, state, thread, polished, by, all);
        if (followUp) {
            session.record("escalation_followup", Map.of("escalation_id", thread.id()));
            return;
        }
        resolveAlerts(session, thread, by);
        if (thread.propertyId() != null) state.pendingEscalations.remove(thread.propertyId(), thread.id());
        session.record("escalation_answered", Map.of("escalation_id", thread.id(), "mode", b.answerSentMode));
        session.events().add(new PipelineEvent.EscalationChanged(thread.conversationId(), thread.id(),
                property == null ? null : property.ref(), EscalationStatus.ANSWERED.wire()));
        if (session.conversation().state().equals(Phase.AWAITING_ANSWER.stateName())
                && !state.pendingEscalations.containsKey(focusedProperty(session, state))) {
            phases.fire(session, "answer_received", "escalation " + thread.id() + " answered",
                    Map.of("escalation_id", thread.id()));
        }
    }

    /** A nudge still held by quiet hours is pointless once the answer itself is on its way. */
    private static void cancelWaitingNudge(ConversationSession session, EscalationThread thread) {
        for (var row : session.store().outbox().ofConversation(thread.conversationId())) {
            if (row.status() == dev.parley.domain.message.OutboxStatus.PENDING && "sla_nudge".equals(row.purpose())
                    && ("escalation:" + thread.id()).equals(row.cause())) {
                session.store().outbox().mark(row.id(), dev.parley.domain.message.OutboxStatus.DENIED,
                        "cancelled: the answer replaces it");
                session.events().add(new PipelineEvent.OutboxChanged(row.conversationId(), row.id(),
                        dev.parley.domain.message.OutboxStatus.DENIED.name()));
            }
        }
    }

    private static EscalationThread thread(ConversationSession session, Map<String, Object> data) {
        var conversationId = session.conversation().id();
        if (data.get("escalation") != null) {
            long id;
            try {
                id = Long.parseLong(data.get("escalation").toString());
            } catch (NumberFormatException e) {
                throw new InvalidRequestException("escalation", "escalation must be an id");
            }
            return session.store().escalations().find(id).filter(t -> t.conversationId() == conversationId)
                    .orElseThrow(() -> new NotFoundException("escalation " + id + " of this conversation"));
        }
        var threads = session.store().escalations().ofConversation(conversationId);
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
        session.store().catalog().learn(new LearnedAnswer(0, thread.propertyId(), field.map(Field::key).orElse(null),
                thread.questionText(), answer, all, thread.id(), by, now));
    }

    private static void resolveAlerts(ConversationSession session, EscalationThread thread, String by) {
        for (var alert : session.store().alerts().ofConversation(thread.conversationId())) {
            if (!ConversationAlert.RESOLVED.equals(alert.status())
                    && alert.patternIds() != null && alert.patternIds().contains("escalation:" + thread.id())) {
                session.store().alerts().setStatus(alert.id(), ConversationAlert.RESOLVED, by, session.now());
            }
        }
    }

    private static Long focusedProperty(ConversationSession session, BuyerState.Builder state) {
        if (state.focusedListingId == null) return null;
        return session.store().catalog().entry(state.focusedListingId).map(e -> e.property().id()).orElse(null);
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

    /** A stored answer as a sentence of its own: capitalised, with its full stop. */
    static String sentence(String answer) {
        var t = answer.strip();
        if (t.isEmpty()) return t;
        t = Character.toUpperCase(t.charAt(0)) + t.substring(1);
        return t.matches(".*[.!?]$") ? t : t + ".";
    }

    /** "Yes, overnight parking…" reads "yes, overnight parking…" after "Update on Commerce Twp —". */
    static String afterDash(String answer) {
        var t = sentence(answer);
        if (t.matches("(?i)^(yes|no|yeah|yep|nope|sure|it|its|it's|there|they|the|we|our|you|your|not|only|both|"
                + "all|unfortunately|absolutely|definitely)\\b.*")) {
            t = Character.toLowerCase(t.charAt(0)) + t.substring(1);
        }
        return t;
    }

    static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
