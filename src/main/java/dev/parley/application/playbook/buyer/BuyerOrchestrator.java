package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.ContextBuilder;
import dev.parley.application.playbook.buyer.agents.CriteriaAgent;
import dev.parley.application.playbook.buyer.agents.CriteriaContext;
import dev.parley.application.playbook.buyer.agents.MatchView;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.CriteriaPlan;
import dev.parley.domain.buyer.CriteriaReadiness;
import dev.parley.domain.buyer.Intent;
import dev.parley.domain.buyer.MessageInterpretation;
import dev.parley.domain.buyer.MessageInterpreter;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.Places;
import dev.parley.domain.buyer.PlanAction;
import dev.parley.domain.buyer.PresentedMatch;
import dev.parley.domain.buyer.PropertyReferenceResolver;
import dev.parley.domain.buyer.ReferenceResolution;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.buyer.Topic;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.message.Direction;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Seed 003's goal-driven orchestrator for one buyer message, after the keyword handler: Message Interpreter →
 * property reference resolution → criteria readiness → Criteria Agent → tools (search, Detail Fetcher, cache
 * layers, escalation) → Response Agent → Gatekeeper/Polisher → outbox, then the phase move. Phase is context, not a
 * gate: any action is allowed in any phase. The search is {@link CriteriaSearch}, property questions
 * {@link FacilityQuestions}, the focus {@link PropertyFocus}, the booking {@link BookingDesk}.
 */
final class BuyerOrchestrator {
    private static final Pattern OFFERED_TOUR = Pattern.compile("\\btour\\b[^.!?]*\\?", Pattern.CASE_INSENSITIVE);

    private final MessageInterpreter interpreter;
    private final Function<ConversationSession, CriteriaAgent> criteriaAgents;
    private final ContextBuilder prompts;
    private final Outgoing outgoing;
    private final BookingDesk booking;
    private final PropertyFocus focus;
    private final CriteriaSearch search;
    private final FacilityQuestions questions;

    BuyerOrchestrator(Places places, MessageInterpreter interpreter,
                      Function<ConversationSession, CriteriaAgent> criteriaAgents, ContextBuilder prompts,
                      Outgoing outgoing, EscalationDesk desk, PhaseMoves phases, BookingDesk booking) {
        this.booking = booking;
        this.interpreter = interpreter;
        this.criteriaAgents = criteriaAgents;
        this.prompts = prompts;
        this.outgoing = outgoing;
        this.focus = new PropertyFocus(phases);
        this.search = new CriteriaSearch(outgoing, phases, places);
        this.questions = new FacilityQuestions(outgoing, desk, phases, booking, focus);
    }

    void handle(ConversationSession session, BuyerState.Builder state, String text, long messageId) {
        var today = LocalDate.ofInstant(session.now(), ZoneOffset.UTC);
        var interpretation = interpreter.interpret(text);
        var turn = new BuyerTurn(session, state, text, messageId, interpretation, "message:" + messageId, today);
        var presented = ShownMatches.of(turn);
        var reference = PropertyReferenceResolver.resolve(interpretation, presented.stream()
                .map(m -> new PresentedMatch(m.listingId(), m.propertyId(), m.city(), m.sqft(), m.rate(),
                        ShownMatches.availableFrom(session, m.listingId()))).toList());
        var focused = state.focusedListingId == null ? null : ShownMatches.view(turn, state.focusedListingId, 0);
        var history = outgoing.history(session);
        var lastOut = lastOutbound(session);
        var context = new CriteriaContext(text, interpretation, reference, turn.phase(), state.criteria,
                CriteriaReadiness.of(state.criteria), presented, focused, history,
                lastOut != null && OFFERED_TOUR.matcher(lastOut).find(),
                prompts.criteriaPrompt(text, interpretation, reference, turn.phase(), state.criteria,
                        CriteriaReadiness.of(state.criteria), presented, focused, history));
        var plan = criteriaAgents.apply(session).plan(context);
        session.setMessageData(messageId, planData(plan, interpretation, reference));
        if (plan.buyerName() != null && state.renterFirstName == null) name(state, plan.buyerName());
        if (!interpretation.emails().isEmpty() && plan.action() != PlanAction.COLLECT_INFO) {
            state.buyerEmail = interpretation.emails().getFirst();
        }
        switch (plan.action()) {
            case SEARCH -> search.search(turn, plan, presented);
            case LOOKUP, ASK_OWNER -> {
                if (!questions.answer(turn, plan, reference, presented)) clarify(turn, plan, reference, presented);
            }
            case CLARIFY -> clarify(turn, plan, reference, presented);
            case SCHEDULE_TOUR, COMMITMENT_HANDOFF -> tour(turn, plan, reference);
            case COLLECT_INFO -> collect(turn, plan);
            case RESPOND -> respond(turn, plan);
        }
        // Collecting name and e-mail is interruptible: another question is answered, then the pending one asked again.
        if (turn.phase() == Phase.COLLECTING_INFO && plan.action() != PlanAction.COLLECT_INFO
                && plan.action() != PlanAction.SCHEDULE_TOUR && plan.action() != PlanAction.COMMITMENT_HANDOFF
                && state.focusedListingId != null) {
            session.reads().catalogEntry(state.focusedListingId)
                    .ifPresent(e -> booking.askAgain(session, state, e, turn.cause()));
        }
    }

    // --- clarification, tours, contact details, small talk ---

    private void clarify(BuyerTurn t, CriteriaPlan plan, ReferenceResolution reference, List<MatchView> presented) {
        if (plan.intent() == Intent.NEW_SEARCH || plan.intent() == Intent.REFINE_SEARCH) {
            search.takeAndAsk(t, plan);
            return;
        }
        var candidates = reference.ambiguous() ? presented.stream().filter(m -> reference.candidates().stream()
                .anyMatch(c -> c.listingId() == m.listingId())).toList() : presented;
        var values = new LinkedHashMap<String, String>();
        if (!candidates.isEmpty()) values.put("options", BuyerWording.options(candidates));
        if (presented.isEmpty() && t.state().criteria.isEmpty()) {
            respond(t, plan);
            return;
        }
        outgoing.reply(t.session(), t.state(), t.cause(), "reply", Outgoing.Reply.of(Situation.CLARIFY_PROPERTY,
                SmsKind.FOLLOW_UP, values));
    }

    /**
     * "Book it" / "let's tour": the engagement bridge takes it from here (name and e-mail, the guarantee link, or,
     * once signed, the tour request).
     */
    private void tour(BuyerTurn t, CriteriaPlan plan, ReferenceResolution reference) {
        var listingId = t.listingFor(plan, reference);
        var entry = listingId == null ? Optional.<CatalogEntry>empty()
                : t.session().reads().catalogEntry(listingId);
        if (entry.isEmpty()) {
            clarify(t, plan, reference, ShownMatches.of(t));
            return;
        }
        focus.focus(t, listingId);
        booking.book(t.session(), t.state(), entry.get(), t.cause(), t.interpretation().dates(), t.messageId());
    }

    private void collect(BuyerTurn t, CriteriaPlan plan) {
        boolean gotSomething = false;
        if (!t.interpretation().emails().isEmpty()) {
            t.state().buyerEmail = t.interpretation().emails().getFirst();
            gotSomething = true;
        }
        if (plan.buyerName() != null) {
            // an unknown name was taken before the action; "my name is …" corrects a known one
            if (!t.interpretation().names().isEmpty()) name(t.state(), plan.buyerName());
            gotSomething = true;
        }
        var focused = t.state().focusedListingId == null ? Optional.<CatalogEntry>empty()
                : t.session().reads().catalogEntry(t.state().focusedListingId);
        if (t.phase() == Phase.COLLECTING_INFO && focused.isPresent()) {
            booking.collectOrCommit(t.session(), t.state(), focused.get(), t.cause(), !gotSomething);
            return;
        }
        var name = t.state().renterFirstName;
        outgoing.reply(t.session(), t.state(), t.cause(), "reply", Outgoing.Reply.of(Situation.INFO_THANKS,
                SmsKind.FOLLOW_UP, Map.of("name", name == null ? "got it" : name)));
    }

    private void respond(BuyerTurn t, CriteriaPlan plan) {
        Situation situation;
        if (!t.state().optInAsideSent) situation = Situation.FIRST_MESSAGE;
        else if (plan.intent() != Intent.GREETING) situation = Situation.UNKNOWN;
        else if (!t.interpretation().greeting()) situation = Situation.THANKS;
        else situation = t.state().presentedListingIds.isEmpty() ? Situation.GREETING : Situation.GREETING_AGAIN;
        outgoing.reply(t.session(), t.state(), t.cause(), "reply", Outgoing.Reply.of(situation, SmsKind.FOLLOW_UP,
                Map.of()));
    }

    private static void name(BuyerState.Builder state, String name) {
        var parts = name.strip().split("\\s+", 2);
        state.renterFirstName = parts[0];
        if (parts.length > 1) state.renterLastName = parts[1];
        state.nameStatus = "provided";
    }

    // --- reading the conversation ---

    private static String lastOutbound(ConversationSession session) {
        var messages = session.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).direction() == Direction.OUT) return messages.get(i).text();
        }
        return null;
    }

    private static Map<String, Object> planData(CriteriaPlan plan, MessageInterpretation i, ReferenceResolution r) {
        var data = new LinkedHashMap<String, Object>();
        data.put("intent", plan.intent().wire());
        data.put("action", plan.action().wire());
        if (!plan.askedFields().isEmpty()) data.put("asked_fields", plan.askedFields());
        data.put("query_type", i.queryType().name().toLowerCase(Locale.ROOT));
        if (!i.topics().isEmpty()) data.put("topics", i.topics().stream().map(Topic::label).sorted().toList());
        if (r.kind() != ReferenceResolution.Kind.NONE) {
            data.put("reference", r.kind().name().toLowerCase(Locale.ROOT));
        }
        return data;
    }
}
