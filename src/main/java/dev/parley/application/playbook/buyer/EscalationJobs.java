package dev.parley.application.playbook.buyer;

import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.escalation.EscalationStatus;
import dev.parley.domain.escalation.EscalationThread;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An escalation's jobs: the e-mail to ops, the SLA (one nudge to the buyer and an ops alert on a breach) and the
 * expiry of a forgotten thread.
 */
final class EscalationJobs {
    static final String JOB_KIND = "escalation";
    static final String SLA = "escalation_sla:";
    static final String EXPIRE = "escalation_expire:";
    static final String EMAIL = "escalation_email:";
    static final String BREACH_EMAIL = "escalation_breach_email:";

    private final Outgoing outgoing;
    private final PhaseMoves phases;
    private final OpsEmails emails;

    EscalationJobs(Outgoing outgoing, PhaseMoves phases, OpsEmails emails) {
        this.outgoing = outgoing;
        this.phases = phases;
        this.emails = emails;
    }

    /** The jobs of a thread just opened: the e-mail {@code now}, the SLA and the expiry at their times. */
    void scheduleFor(ConversationSession session, EscalationThread thread, Instant now) {
        schedule(session, EMAIL + thread.id(), now);
        schedule(session, SLA + thread.id(), thread.slaDeadlineAt());
        schedule(session, EXPIRE + thread.id(), thread.expiresAt());
    }

    private static void schedule(ConversationSession session, String trigger, Instant at) {
        // No state: an escalation's jobs fire whatever phase the conversation is in by then.
        session.scheduleJob(JOB_KIND, trigger, at);
    }

    boolean handles(String trigger) {
        return trigger.startsWith("escalation_");
    }

    void onTimer(ConversationSession session, BuyerState.Builder state, String trigger) {
        long id = Long.parseLong(trigger.substring(trigger.indexOf(':') + 1));
        var thread = session.reads().escalation(id).orElse(null);
        if (thread == null) {
            session.reject(trigger, "no escalation " + id);
            return;
        }
        var property = thread.propertyId() == null ? null
                : session.reads().property(thread.propertyId()).orElse(null);
        if (trigger.startsWith(SLA)) slaDue(session, state, thread, property);
        else if (trigger.startsWith(EXPIRE)) expire(session, state, thread, property);
        else if (trigger.startsWith(EMAIL)) emails.send(session, thread, property, false);
        else if (trigger.startsWith(BREACH_EMAIL)) emails.send(session, thread, property, true);
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
        session.raiseAlert(null, AlertSeverity.SLA_BREACH, List.of("sla_breach", thread.topic() == null ? "question"
                : thread.topic()), List.of("escalation:" + thread.id()), "buyer-sms");
        var b = thread.edit();
        b.buyerNudgeSent = true;
        b.updatedAt = now;
        session.updateEscalation(b.build());
        if (emails.configured()) schedule(session, BREACH_EMAIL + thread.id(), now);
        session.record("escalation_sla_breached", Map.of("escalation_id", thread.id()));
    }

    /** Another presented property to look at while the buyer waits ("the Pontiac space"). */
    private static Optional<String> alternative(ConversationSession session, BuyerState.Builder state,
                                                EscalationThread thread) {
        for (var listingId : state.presentedListingIds) {
            var entry = session.reads().catalogEntry(listingId);
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
        session.updateEscalation(b.build());
        EscalationClosing.resolveAlerts(session, thread, "expired");
        if (thread.propertyId() != null) state.pendingEscalations.remove(thread.propertyId(), thread.id());
        session.record("escalation_expired", Map.of("escalation_id", thread.id()));
        session.events().add(new PipelineEvent.EscalationChanged(thread.conversationId(), thread.id(),
                property == null ? null : property.ref(), EscalationStatus.EXPIRED.wire()));
        if (EscalationClosing.awaitingNothing(session, state)) {
            phases.fire(session, "escalation_expired", "escalation " + thread.id() + " expired",
                    Map.of("escalation_id", thread.id()));
        }
    }
}
