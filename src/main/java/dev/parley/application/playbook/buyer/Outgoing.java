package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.ContextBuilder;
import dev.parley.application.playbook.buyer.agents.HistoryLine;
import dev.parley.application.playbook.buyer.agents.MatchView;
import dev.parley.application.playbook.buyer.agents.ResponseContext;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.application.playbook.buyer.agents.SmsComposer;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.fsm.Templates;
import dev.parley.domain.message.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes and queues buyer messages: Response Agent → Gatekeeper → Polisher → fallback ({@link SmsComposer}), the
 * opt-out aside on the very first message and "Reply STOP anytime" once after an implicit re-opt-in, and quiet
 * hours for proactive messages (replies to the buyer's own text always go at once).
 */
final class Outgoing {
    private final java.util.function.Function<ConversationSession, SmsComposer> composers;
    private final ContextBuilder prompts;
    private final Templates templates;
    private final QuietHoursPolicy quietHours;
    private final int history;

    Outgoing(java.util.function.Function<ConversationSession, SmsComposer> composers, ContextBuilder prompts,
             Templates templates, QuietHoursPolicy quietHours, int history) {
        this.composers = composers;
        this.prompts = prompts;
        this.templates = templates;
        this.quietHours = quietHours;
        this.history = history;
    }

    /** What to say: the situation, its facts and matches, and the kind of message (its limits). */
    record Reply(Situation situation, SmsKind kind, Map<String, String> values, List<MatchView> matches) {
        static Reply of(Situation situation, SmsKind kind, Map<String, String> values) {
            return new Reply(situation, kind, values, List.of());
        }
    }

    /** A reply to the buyer's message: sent at once, whatever the hour. */
    void reply(ConversationSession session, BuyerState.Builder state, String cause, String purpose, Reply reply) {
        send(session, state, cause, purpose, reply, false);
    }

    /** A message the buyer did not just ask for (a nudge, an answer from the team): held in quiet hours. */
    void proactive(ConversationSession session, BuyerState.Builder state, String cause, String purpose, Reply reply) {
        send(session, state, cause, purpose, reply, true);
    }

    private void send(ConversationSession session, BuyerState.Builder state, String cause, String purpose,
                      Reply reply, boolean proactive) {
        var kind = reply.kind();
        String aside = null;
        if (!state.optInAsideSent) {
            aside = templates.render("opt_in_aside", Map.of());
            if (kind == SmsKind.FOLLOW_UP) kind = SmsKind.FIRST;
        } else if (state.reOptInAsideDue) {
            aside = templates.render("re_opt_in_aside", Map.of());
        }
        var phase = Phase.of(session.conversation().state());
        var context = new ResponseContext(reply.situation(), kind, phase, reply.values(), reply.matches(), null,
                prompts.responsePrompt(reply.situation(), kind, phase, reply.values(), reply.matches(), null,
                        history(session)));
        var composed = composers.apply(session).compose(context, aside);
        queue(session, state, cause, purpose, composed, reply.situation(), proactive, aside != null);
    }

    /** Queues a text already composed and validated (an answer from the team). */
    void queue(ConversationSession session, BuyerState.Builder state, String cause, String purpose,
               SmsComposer.Composed composed, Situation situation, boolean proactive, boolean asideIncluded) {
        var row = session.queueMessage(cause, purpose, composed.text());
        var detail = new LinkedHashMap<String, Object>();
        detail.put("purpose", purpose);
        detail.put("situation", situation.name().toLowerCase());
        detail.put("mode", composed.mode());
        detail.put("polish_rounds", composed.polishRounds());
        if (!composed.violations().isEmpty()) detail.put("gatekeeper", composed.violations());
        row.ifPresent(r -> detail.put("outbox_id", r.id()));
        session.record("sms_composed", detail);
        if (row.isEmpty()) return;
        if (asideIncluded) {
            if (!state.optInAsideSent) state.optInAsideSent = true;
            else state.reOptInAsideDue = false;
        }
        state.lastSystemMessageAt = session.now();
        if (proactive) quietHours.defer(session, row.get(), quietHours.zones(state, session.contact().address()));
    }

    /** The conversation's messages as the prompts show them (buyer and agent only), oldest first. */
    List<HistoryLine> history(ConversationSession session) {
        var lines = new ArrayList<HistoryLine>();
        for (var m : session.visibleMessages()) {
            lines.add(new HistoryLine(m.direction() == Direction.IN ? "buyer" : "agent", m.text()));
        }
        return List.copyOf(lines.subList(Math.max(0, lines.size() - history), lines.size()));
    }

    SmsComposer composer(ConversationSession session) {
        return composers.apply(session);
    }

    Templates templates() {
        return templates;
    }
}
