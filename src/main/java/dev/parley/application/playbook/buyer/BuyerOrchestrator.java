package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.ContextBuilder;
import dev.parley.application.playbook.buyer.agents.CriteriaAgent;
import dev.parley.application.playbook.buyer.agents.CriteriaContext;
import dev.parley.application.playbook.buyer.agents.MatchView;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.buyer.CriteriaPlan;
import dev.parley.domain.buyer.CriteriaReadiness;
import dev.parley.domain.buyer.Intent;
import dev.parley.domain.buyer.KnownAnswer;
import dev.parley.domain.buyer.MessageInterpretation;
import dev.parley.domain.buyer.MessageInterpreter;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.Place;
import dev.parley.domain.buyer.Places;
import dev.parley.domain.buyer.PlanAction;
import dev.parley.domain.buyer.PresentedMatch;
import dev.parley.domain.buyer.PropertyReferenceResolver;
import dev.parley.domain.buyer.ReferenceResolution;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.buyer.Topic;
import dev.parley.domain.buyer.TopicCatalog;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.Field;
import dev.parley.domain.buyer.PropertySearch;
import dev.parley.domain.message.Direction;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Seed 003's goal-driven orchestrator for one buyer message, after the keyword handler: Message Interpreter →
 * property reference resolution → criteria readiness → Criteria Agent → tools (search, Detail Fetcher, cache
 * layers, escalation) → Response Agent → Gatekeeper/Polisher → outbox, then the phase move. Phase is context, not a
 * gate: any action is allowed in any phase.
 */
final class BuyerOrchestrator {
    private static final Pattern NEAR = Pattern.compile("\\b(near|around|outside( of)?|close to|by)\\s+$",
            Pattern.CASE_INSENSITIVE);
    private static final java.util.Set<Phase> BOOKING_PHASES = java.util.EnumSet.of(Phase.COLLECTING_INFO,
            Phase.COMMITMENT, Phase.GUARANTEE_PENDING, Phase.TOUR_SCHEDULING, Phase.ACTIVE, Phase.COMPLETED);
    /** "What's the address?", "where exactly is it?": the address is the guarantee's to reveal, not the team's. */
    private static final Pattern ADDRESS = Pattern.compile("\\b(address|street|where (exactly )?is (it|that|this)"
            + "|where'?s (it|that) located|exact location)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern OFFERED_TOUR = Pattern.compile("\\btour\\b[^.!?]*\\?", Pattern.CASE_INSENSITIVE);

    private final MessageInterpreter interpreter;
    private final java.util.function.Function<ConversationSession, CriteriaAgent> criteriaAgents;
    private final ContextBuilder prompts;
    private final Outgoing outgoing;
    private final EscalationDesk desk;
    private final PhaseMoves phases;
    private final Places places;
    private final BookingDesk booking;

    BuyerOrchestrator(Places places, MessageInterpreter interpreter,
                      java.util.function.Function<ConversationSession, CriteriaAgent> criteriaAgents, ContextBuilder prompts,
                      Outgoing outgoing, EscalationDesk desk, PhaseMoves phases, BookingDesk booking) {
        this.booking = booking;
        this.interpreter = interpreter;
        this.criteriaAgents = criteriaAgents;
        this.prompts = prompts;
        this.outgoing = outgoing;
        this.desk = desk;
        this.phases = phases;
        this.places = places;
    }

    /** Everything one message needs while it is handled. */
    private record Turn(ConversationSession session, BuyerState.Builder state, String text, long messageId,
                        MessageInterpretation interpretation, String cause, LocalDate today) {
        Phase phase() {
            return Phase.of(session.conversation().state());
        }
    }

    void handle(ConversationSession session, BuyerState.Builder state, String text, long messageId) {
        var today = LocalDate.ofInstant(session.now(), ZoneOffset.UTC);
        var interpretation = interpreter.interpret(text);
        var turn = new Turn(session, state, text, messageId, interpretation, "message:" + messageId, today);
        var presented = presented(turn);
        var reference = PropertyReferenceResolver.resolve(interpretation, presented.stream()
                .map(m -> new PresentedMatch(m.listingId(), m.propertyId(), m.city(), m.sqft(), m.rate(),
                        availableFrom(session, m.listingId()))).toList());
        var focused = state.focusedListingId == null ? null : view(turn, state.focusedListingId, 0);
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
            case SEARCH -> search(turn, plan, presented);
            case LOOKUP, ASK_OWNER -> lookup(turn, plan, reference, presented);
            case CLARIFY -> clarify(turn, plan, reference, presented);
            case SCHEDULE_TOUR, COMMITMENT_HANDOFF -> tour(turn, plan, reference);
            case COLLECT_INFO -> collect(turn, plan);
            case RESPOND -> respond(turn, plan);
        }
        // Collecting name and e-mail is interruptible: another question is answered, then the pending one asked again.
        if (turn.phase() == Phase.COLLECTING_INFO && plan.action() != PlanAction.COLLECT_INFO
                && plan.action() != PlanAction.SCHEDULE_TOUR && plan.action() != PlanAction.COMMITMENT_HANDOFF
                && state.focusedListingId != null) {
            session.store().catalog().entry(state.focusedListingId)
                    .ifPresent(e -> booking.askAgain(session, state, e, turn.cause));
        }
    }

    // --- search ---

    private void search(Turn t, CriteriaPlan plan, List<MatchView> presented) {
        var state = t.state;
        var before = state.criteria;
        if (plan.intent() == Intent.REFINE_SEARCH && plan.criteria().isEmpty() && !presented.isEmpty()) {
            phases.fire(t.session, "options_requested", presented.size() + " matches again",
                    Map.of("matches", presented.size()));
            state.focusedListingId = null;
            outgoing.reply(t.session, state, t.cause, "results", new Outgoing.Reply(Situation.RESULTS,
                    SmsKind.RESULTS, Map.of(), presented));
            return;
        }
        var merged = replaceUse(before, plan.criteria()).merge(plan.criteria());
        boolean changed = !before.isEmpty() && before.changedBy(plan.criteria());
        state.criteria = merged;
        state.criteriaReadiness = CriteriaReadiness.of(merged);
        moveForCriteria(t, changed);
        if (!CriteriaReadiness.readyToSearch(merged)) {
            askForCriteria(t, merged);
            return;
        }
        var summary = changed ? BuyerWording.refinement(before, merged) : BuyerWording.summary(merged, near(t));
        outgoing.reply(t.session, state, t.cause, "ack", Outgoing.Reply.of(changed ? Situation.REFINE_ACK
                : Situation.ACK_SEARCH, SmsKind.FOLLOW_UP, Map.of("summary", summary)));
        var metro = places.find(merged.location(), merged.state()).map(Place::metro).orElse(null);
        var found = PropertySearch.search(merged, metro, t.session.store().catalog().activeEntries(), t.today);
        state.focusedListingId = null;
        if (found.isEmpty()) {
            state.presentedListingIds = new ArrayList<>();
            t.session.record("search", Map.of("readiness", state.criteriaReadiness, "matches", 0));
            outgoing.reply(t.session, state, t.cause, "results", Outgoing.Reply.of(Situation.NO_RESULTS,
                    SmsKind.FOLLOW_UP, Map.of("summary", BuyerWording.summary(merged, near(t)))));
            return;
        }
        if (state.firstMatchAt == null) state.firstMatchAt = t.session.now();
        var views = new ArrayList<MatchView>();
        for (var m : found) views.add(BuyerWording.view(m.entry(), views.size() + 1, merged, t.today));
        state.presentedListingIds = new ArrayList<>(views.stream().map(MatchView::listingId).toList());
        t.session.record("search", Map.of("readiness", state.criteriaReadiness, "matches", views.size(),
                "listings", state.presentedListingIds));
        phases.fire(t.session, "matches_found", views.size() + (views.size() == 1 ? " match" : " matches"),
                Map.of("matches", views.size()));
        outgoing.reply(t.session, state, t.cause, "results", new Outgoing.Reply(Situation.RESULTS, SmsKind.RESULTS,
                Map.of(), views));
    }

    /** "Cold storage instead": a new use type replaces the old one, and its goods no longer describe it. */
    private static Criteria replaceUse(Criteria before, Criteria update) {
        if (update.useType() == null || update.useType().equals(before.useType())) return before;
        var features = before.features().stream().filter(f -> !f.equals(before.useType())).toList();
        var goods = update.goodsType() != null ? before.goodsType() : null;
        return new Criteria(before.location(), before.state(), before.sqft(), null, goods, before.timing(),
                before.duration(), features);
    }

    private void moveForCriteria(Turn t, boolean changed) {
        var phase = t.phase();
        if (phase == Phase.INTAKE) {
            phases.fire(t.session, "criteria_provided", "readiness " + t.state.criteriaReadiness,
                    Map.of("readiness", t.state.criteriaReadiness));
        } else if (changed && phase != Phase.QUALIFYING) {
            phases.fire(t.session, "criteria_changed", "readiness " + t.state.criteriaReadiness,
                    Map.of("readiness", t.state.criteriaReadiness));
        }
    }

    private void askForCriteria(Turn t, Criteria c) {
        var values = new LinkedHashMap<String, String>();
        if (c.location() != null) values.put("location", c.location());
        var use = BuyerWording.use(c);
        if (use != null) values.put("use", use);
        if (c.sqft() != null) values.put("size", BuyerWording.size(c.sqft()));
        var what = new ArrayList<String>();
        if (c.sqft() != null) what.add(BuyerWording.size(c.sqft()));
        if (use != null) what.add("for " + use);
        values.put("with_what", what.isEmpty() ? "" : " with " + String.join(" ", what));
        outgoing.reply(t.session, t.state, t.cause, "reply", Outgoing.Reply.of(Situation.ASK_CRITERIA,
                SmsKind.FOLLOW_UP, values));
    }

    private boolean near(Turn t) {
        if (t.interpretation.cities().isEmpty()) return false;
        var start = t.interpretation.cities().getFirst().start();
        return NEAR.matcher(t.text.substring(0, start)).find();
    }

    // --- facility questions ---

    private void lookup(Turn t, CriteriaPlan plan, ReferenceResolution reference, List<MatchView> presented) {
        var listingId = plan.listingId() != null ? plan.listingId()
                : reference.resolved().map(PresentedMatch::listingId).orElse(t.state.focusedListingId);
        var entry = listingId == null ? Optional.<CatalogEntry>empty()
                : t.session.store().catalog().entry(listingId);
        if (entry.isEmpty()) {
            clarify(t, plan, reference, presented);
            return;
        }
        var e = entry.get();
        boolean newFocus = focus(t, listingId);
        if (ADDRESS.matcher(t.text).find()) {
            booking.address(t.session, t.state, e, t.cause);
            return;
        }
        var asked = new ArrayList<Field>();
        plan.askedFields().forEach(k -> Field.byKey(k).ifPresent(asked::add));
        var topicFields = TopicCatalog.fieldsFor(t.interpretation.topics());
        if (asked.isEmpty() && topicFields.isEmpty() && plan.action() == PlanAction.LOOKUP) {
            outgoing.reply(t.session, t.state, t.cause, "reply", Outgoing.Reply.of(Situation.PROPERTY_SUMMARY,
                    SmsKind.FOLLOW_UP, Map.of("city", e.property().city(), "details", BuyerWording.details(e))));
            offerTour(t, e);
            return;
        }
        long propertyId = e.property().id();
        var known = t.state.knownAnswers.getOrDefault(propertyId, Map.of());
        var fetched = DetailFetcher.fetch(propertyId, asked, topicFields, known, () -> e, t.session.now());
        if (!fetched.newlyKnown().isEmpty()) {
            t.state.knownAnswers.computeIfAbsent(propertyId, k -> new LinkedHashMap<>()).putAll(fetched.newlyKnown());
        }
        var facts = new ArrayList<String>();
        for (var f : fetched.fields()) {
            if (f.outcome() != DetailFetcher.Outcome.UNMAPPED) {
                facts.add(f.outcome() == DetailFetcher.Outcome.CACHE_HIT && known.get(f.field().key()) != null
                        && "escalation".equals(known.get(f.field().key()).source())
                        ? EscalationDesk.sentence(f.value()) : BuyerWording.fact(f.field(), f.value(), e.knowledge()));
            }
        }
        var outcomes = new LinkedHashMap<String, Object>();
        fetched.fields().forEach(f -> outcomes.put(f.field().key(), f.outcome().name()));
        t.session.record("detail_fetch", Map.of("property", e.property().ref(), "outcomes", outcomes,
                "catalog_read", fetched.catalogRead()));
        // What no field answered: the cache layers, then a person.
        var unanswered = new ArrayList<Field>();
        fetched.unmapped().forEach(f -> unanswered.add(f.field()));
        boolean ownerQuestion = asked.isEmpty() && topicFields.isEmpty();
        boolean escalate = false;
        Field escalatedField = null;
        if (ownerQuestion || !unanswered.isEmpty()) {
            var field = unanswered.isEmpty() ? null : unanswered.getFirst();
            var hit = AnswerCache.lookup(t.state.build(), t.session.store().catalog(), propertyId, t.text, field);
            if (hit.isPresent()) {
                facts.add(EscalationDesk.sentence(hit.get().answer()));
                t.session.record("answer_cache_hit", Map.of("property", e.property().ref(), "layer",
                        hit.get().layer(), "source", hit.get().source()));
                if (field != null) {
                    t.state.knownAnswers.computeIfAbsent(propertyId, k -> new LinkedHashMap<>())
                            .put(field.key(), new KnownAnswer(hit.get().answer(), "cache", t.session.now()));
                }
            } else {
                escalate = true;
                escalatedField = field;
            }
        }
        var prefix = newFocus && presented.size() > 1 ? e.property().city() + " — " : "";
        if (!prefix.isEmpty() && !facts.isEmpty()) facts.set(0, EscalationDesk.afterDash(facts.getFirst()));
        if (escalate) {
            var topic = t.interpretation.topics().stream().filter(tp -> tp.fields().isEmpty()
                    || finalField(tp, unanswered)).findFirst().orElse(null);
            desk.open(t.session, t.state, e.property(), t.text, escalatedField, topic);
            if (t.phase() == Phase.PROPERTY_FOCUSED) {
                phases.fire(t.session, "question_escalated", (escalatedField != null ? escalatedField.label()
                        : "the question") + ": no field, cache or learned answer", Map.of("property",
                        e.property().ref()));
            }
            var values = new LinkedHashMap<String, String>();
            if (!facts.isEmpty()) values.put("answer", prefix + BuyerWording.join(facts));
            outgoing.reply(t.session, t.state, t.cause, "reply", Outgoing.Reply.of(Situation.ESCALATION_WAIT,
                    SmsKind.ESCALATION_WAIT, values));
            return;
        }
        outgoing.reply(t.session, t.state, t.cause, "reply", Outgoing.Reply.of(Situation.FACILITY_ANSWER,
                SmsKind.FOLLOW_UP, Map.of("answer", prefix + BuyerWording.join(facts))));
        offerTour(t, e);
    }

    private static boolean finalField(Topic topic, List<Field> unanswered) {
        return topic.fields().stream().anyMatch(unanswered::contains);
    }

    /** Focus moves to the referenced match; true when the focus changed. */
    private boolean focus(Turn t, long listingId) {
        var phase = t.phase();
        boolean changed = !Long.valueOf(listingId).equals(t.state.focusedListingId);
        t.state.focusedListingId = listingId;
        // The same property again: while focused, waiting for the team, or further on in its booking, the phase stays.
        boolean same = !changed && (phase == Phase.PROPERTY_FOCUSED || phase == Phase.AWAITING_ANSWER
                || BOOKING_PHASES.contains(phase));
        if (!same) {
            var ref = t.session.store().catalog().entry(listingId).map(e -> e.property().ref()).orElse("");
            phases.fire(t.session, "property_selected", ref, Map.of("property", ref));
        }
        return changed;
    }

    private void offerTour(Turn t, CatalogEntry e) {
        if (!t.state.tourSuggestedFor.contains(e.property().id())) t.state.tourSuggestedFor.add(e.property().id());
    }

    // --- clarification, tours, contact details, small talk ---

    private void clarify(Turn t, CriteriaPlan plan, ReferenceResolution reference, List<MatchView> presented) {
        if (plan.intent() == Intent.NEW_SEARCH || plan.intent() == Intent.REFINE_SEARCH) {
            var merged = replaceUse(t.state.criteria, plan.criteria()).merge(plan.criteria());
            boolean changed = !t.state.criteria.isEmpty() && t.state.criteria.changedBy(plan.criteria());
            t.state.criteria = merged;
            t.state.criteriaReadiness = CriteriaReadiness.of(merged);
            if (!merged.isEmpty()) moveForCriteria(t, changed);
            askForCriteria(t, merged);
            return;
        }
        var candidates = reference.ambiguous() ? presented.stream().filter(m -> reference.candidates().stream()
                .anyMatch(c -> c.listingId() == m.listingId())).toList() : presented;
        var values = new LinkedHashMap<String, String>();
        if (!candidates.isEmpty()) values.put("options", BuyerWording.options(candidates));
        if (presented.isEmpty() && t.state.criteria.isEmpty()) {
            respond(t, plan);
            return;
        }
        outgoing.reply(t.session, t.state, t.cause, "reply", Outgoing.Reply.of(Situation.CLARIFY_PROPERTY,
                SmsKind.FOLLOW_UP, values));
    }

    /**
     * "Book it" / "let's tour": the engagement bridge takes it from here (name and e-mail, the guarantee link, or,
     * once signed, the tour request).
     */
    private void tour(Turn t, CriteriaPlan plan, ReferenceResolution reference) {
        var listingId = plan.listingId() != null ? plan.listingId()
                : reference.resolved().map(PresentedMatch::listingId).orElse(t.state.focusedListingId);
        var entry = listingId == null ? Optional.<CatalogEntry>empty()
                : t.session.store().catalog().entry(listingId);
        if (entry.isEmpty()) {
            clarify(t, plan, reference, presented(t));
            return;
        }
        focus(t, listingId);
        booking.book(t.session, t.state, entry.get(), t.cause, t.interpretation.dates(), t.messageId);
    }

    private void collect(Turn t, CriteriaPlan plan) {
        boolean gotSomething = false;
        if (!t.interpretation.emails().isEmpty()) {
            t.state.buyerEmail = t.interpretation.emails().getFirst();
            gotSomething = true;
        }
        if (plan.buyerName() != null) {
            // an unknown name was taken before the action; "my name is …" corrects a known one
            if (!t.interpretation.names().isEmpty()) name(t.state, plan.buyerName());
            gotSomething = true;
        }
        var focused = t.state.focusedListingId == null ? Optional.<CatalogEntry>empty()
                : t.session.store().catalog().entry(t.state.focusedListingId);
        if (t.phase() == Phase.COLLECTING_INFO && focused.isPresent()) {
            booking.collectOrCommit(t.session, t.state, focused.get(), t.cause, !gotSomething);
            return;
        }
        var name = t.state.renterFirstName;
        outgoing.reply(t.session, t.state, t.cause, "reply", Outgoing.Reply.of(Situation.INFO_THANKS,
                SmsKind.FOLLOW_UP, Map.of("name", name == null ? "got it" : name)));
    }

    private void respond(Turn t, CriteriaPlan plan) {
        Situation situation;
        if (!t.state.optInAsideSent) situation = Situation.FIRST_MESSAGE;
        else if (plan.intent() != Intent.GREETING) situation = Situation.UNKNOWN;
        else if (!t.interpretation.greeting()) situation = Situation.THANKS;
        else situation = t.state.presentedListingIds.isEmpty() ? Situation.GREETING : Situation.GREETING_AGAIN;
        outgoing.reply(t.session, t.state, t.cause, "reply", Outgoing.Reply.of(situation, SmsKind.FOLLOW_UP,
                Map.of()));
    }

    private static void name(BuyerState.Builder state, String name) {
        var parts = name.strip().split("\\s+", 2);
        state.renterFirstName = parts[0];
        if (parts.length > 1) state.renterLastName = parts[1];
        state.nameStatus = "provided";
    }

    // --- reading the conversation ---

    private List<MatchView> presented(Turn t) {
        var views = new ArrayList<MatchView>();
        for (var id : t.state.presentedListingIds) {
            var v = view(t, id, views.size() + 1);
            if (v != null) views.add(v);
        }
        return views;
    }

    private MatchView view(Turn t, long listingId, int position) {
        return t.session.store().catalog().entry(listingId)
                .map(e -> BuyerWording.view(e, position, t.state.criteria, t.today)).orElse(null);
    }

    private static LocalDate availableFrom(ConversationSession session, long listingId) {
        return session.store().catalog().entry(listingId).map(e -> e.listing().availableFrom()).orElse(null);
    }

    private static String lastOutbound(ConversationSession session) {
        var messages = session.store().messages().ofConversation(session.conversation().id());
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
