package dev.parley.application.playbook.buyer;

import dev.parley.application.escalation.OpsMailer;
import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.DescribesTransitions;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.playbook.StateGraph;
import dev.parley.application.playbook.buyer.agents.ContextBuilder;
import dev.parley.application.playbook.buyer.agents.SmsComposer;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.KeywordCommand;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.buyer.MessageInterpreter;
import dev.parley.domain.buyer.Places;
import dev.parley.domain.fsm.LoadedPlaybook;
import dev.parley.domain.fsm.PlaybookDefinition;
import dev.parley.domain.fsm.StateMachine;
import dev.parley.domain.message.InboundMessage;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code buyer-sms} playbook (seed 003): buyers text a number about warehouse space; the six agents search
 * the team's catalogue, answer facility questions, and escalate what they cannot answer to the team with an SLA.
 * The phases are the conversation's states (buyer-sms.json); the orchestration is code.
 */
public final class BuyerSmsPlaybook implements Playbook, DescribesTransitions {
    public static final String NAME = "buyer-sms";
    /** Operator events on a scheduled message ({@code job}: its id): send it now, or cancel it. */
    public static final String SEND_SCHEDULED = "send_scheduled";
    public static final String CANCEL_SCHEDULED = "cancel_scheduled";
    /** Job kinds that end in a message to the buyer (the console's "next scheduled message"). */
    public static final Set<String> MESSAGE_JOB_KINDS = Set.of(BookingNotices.JOB_KIND, Reengagement.JOB_KIND);
    private static final java.time.Duration SUPPLIER_REPLY_GAP = java.time.Duration.ofHours(12);

    private final LoadedPlaybook loaded;
    private final BuyerSettings settings;
    private final Places places;
    private final KeywordHandler keywords;
    private final BuyerOrchestrator orchestrator;
    private final EscalationDesk desk;
    private final Outgoing outgoing;
    private final BookingDesk booking;
    private final PhaseMoves phases;
    private final Reengagement nudges;

    /**
     * @param gateway the model gateway the Criteria, Response and Polisher agents ask (tasks criteria, respond,
     *                polish); null runs the deterministic agents directly
     */
    public BuyerSmsPlaybook(LoadedPlaybook loaded, Places places, ModelGateway gateway, OpsMailer mailer,
                            ReplyLinks links) {
        this.loaded = loaded;
        this.places = places;
        try {
            this.settings = BuyerSettings.of(loaded.settings());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(loaded.origin() + ": " + e.getMessage(), e);
        }
        var machine = StateMachine.<Object>of(loaded.definition(), Map.of(), Set.of());
        this.phases = new PhaseMoves(machine);
        var prompts = new ContextBuilder();
        var agents = new BuyerAgents(gateway, loaded.templates());
        this.outgoing = new Outgoing(session -> {
            var bound = agents.bind(session);
            return new SmsComposer(bound.response(), bound.polisher(), prompts, loaded.templates(),
                    settings.maxPolishRounds());
        }, prompts, loaded.templates(), new QuietHoursPolicy(places), settings.historyMessages());
        this.desk = new EscalationDesk(settings, outgoing, phases, mailer, links);
        this.keywords = new KeywordHandler(settings, loaded.templates());
        this.booking = new BookingDesk(settings, outgoing, phases, links, new QuietHoursPolicy(places));
        this.nudges = new Reengagement(settings, outgoing, phases, links);
        this.orchestrator = new BuyerOrchestrator(places, new MessageInterpreter(places),
                session -> agents.bind(session).criteria(), prompts, outgoing, desk, phases, booking);
    }

    /** The terms the guarantee page shows above the signature ({@code guarantee_terms}). */
    public String guaranteeTerms() {
        return settings.guaranteeTerms();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String initialState() {
        return loaded.definition().initialState().name();
    }

    @Override
    public Set<String> states() {
        return StateGraph.statesOf(loaded.definition());
    }

    @Override
    public Optional<PlaybookDefinition> definition() {
        return Optional.of(loaded.definition());
    }

    @Override
    public List<StateGraph.Transition> transitions() {
        return StateGraph.transitionsOf(loaded.definition());
    }

    @Override
    public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
        var state = load(session);
        var phaseBefore = session.conversation().state();
        state.turn++;
        state.lastBuyerMessageAt = session.now();
        state.reengagementCount = 0;
        var text = message.text() == null ? "" : message.text();
        var command = KeywordCommand.of(text, session.contact().status() == ContactStatus.OPTED_OUT);
        boolean keyword = keywords.handle(session, state, text, messageId);
        if (command == KeywordCommand.OPT_OUT) {
            booking.abandon(session, state);
        } else if (command != KeywordCommand.HELP && returning(session)) {
            phases.fire(session, "buyer_returned", command == KeywordCommand.RESUME ? "START keyword" : "the buyer wrote",
                    Map.of());
            if (!state.criteria.isEmpty()) state.needStatus = BuyerState.NEED_ACTIVE;
        }
        if (!keyword) {
            if (session.conversation().automationPaused()) {
                session.record("automation_paused", Map.of("message_id", messageId));
            } else if (!supplier(session, state, messageId)) {
                syncCatalogPlaces(session);
                orchestrator.handle(session, state, text, messageId);
            }
        }
        save(session, state, phaseBefore);
    }

    /** "Send now" fires the job's message at once; "cancel" drops it (a nudge counts as used). Both end the job. */
    private void scheduled(ConversationSession session, BuyerState.Builder state, String name, Map<String, Object> data) {
        var raw = data.get("job");
        long id;
        try {
            id = Long.parseLong(String.valueOf(raw));
        } catch (NumberFormatException e) {
            throw new dev.parley.application.operator.InvalidRequestException("data.job", "job must be a job id");
        }
        var job = session.pendingJobs().stream()
                .filter(j -> j.id() == id && MESSAGE_JOB_KINDS.contains(j.kind())).findFirst()
                .orElseThrow(() -> new dev.parley.application.operator.NotFoundException(
                        "scheduled message " + id + " of this conversation"));
        session.markJobDone(job.id());
        if (SEND_SCHEDULED.equals(name)) {
            if (booking.handles(job.trigger())) booking.onTimer(session, state, job.trigger());
            else nudges.onTimer(session, state, job.trigger(), booking);
        } else if (nudges.handles(job.trigger())) {
            nudges.cancel(session, state, job.trigger());
        } else {
            session.record("notice_cancelled", Map.of("trigger", job.trigger()));
        }
    }

    private static boolean returning(ConversationSession session) {
        var phase = session.conversation().state();
        return phase.equals(Phase.DORMANT.stateName()) || phase.equals(Phase.ABANDONED.stateName());
    }

    /**
     * A text from a supplier's number on the buyer line: forwarded to an operator (a task), answered with a generic
     * reply that never mentions another number.
     */
    private boolean supplier(ConversationSession session, BuyerState.Builder state, long messageId) {
        if (!settings.supplierForward()) return false;
        var property = session.reads().propertyOfSupplier(session.contact().address());
        if (property.isEmpty()) return false;
        var p = property.get();
        session.addTask(messageId, "Supplier " + (p.supplierName() == null ? "" : p.supplierName() + " ")
                + "of " + p.name() + " (" + p.ref() + ") texted the buyer line: forward to the supplier team",
                "supplier_forward");
        session.record("supplier_forwarded", Map.of("property", p.ref()));
        // A fixed text, no agent and no opt-out aside: the supplier is not a buyer of ours. Once per 12 hours, so a
        // supplier who texts several times is not answered with the same line each time.
        if (state.lastSystemMessageAt == null || state.lastSystemMessageAt.plus(SUPPLIER_REPLY_GAP)
                .isBefore(session.now())) {
            session.queueMessage("message:" + messageId, "supplier_reply",
                    loaded.templates().render("supplier_reply", Map.of()));
            state.lastSystemMessageAt = session.now();
        }
        return true;
    }

    @Override
    public void onTimer(ConversationSession session, String trigger) {
        if (!desk.handles(trigger) && !booking.handles(trigger) && !nudges.handles(trigger)) {
            session.reject(trigger, "no timer " + trigger + " in playbook " + NAME);
            return;
        }
        var state = load(session);
        var phaseBefore = session.conversation().state();
        if (desk.handles(trigger)) desk.onTimer(session, state, trigger);
        else if (booking.handles(trigger)) booking.onTimer(session, state, trigger);
        else nudges.onTimer(session, state, trigger, booking);
        save(session, state, phaseBefore);
    }

    /** The events this playbook takes: the team's answer, and the booking's (see {@link BookingEvents#EVENTS}). */
    public static final Set<String> EVENTS = java.util.stream.Stream.concat(
            java.util.stream.Stream.of(EscalationDesk.ANSWER_EVENT, SEND_SCHEDULED, CANCEL_SCHEDULED),
            BookingEvents.EVENTS.stream()).collect(java.util.stream.Collectors.toUnmodifiableSet());

    @Override
    public void onEvent(ConversationSession session, String name, Map<String, Object> data) {
        if (!EVENTS.contains(name)) {
            session.reject(name, "playbook " + NAME + " handles only " + new java.util.TreeSet<>(EVENTS));
            return;
        }
        var state = load(session);
        var phaseBefore = session.conversation().state();
        if (EscalationDesk.ANSWER_EVENT.equals(name)) desk.answer(session, state, data);
        else if (SEND_SCHEDULED.equals(name) || CANCEL_SCHEDULED.equals(name)) scheduled(session, state, name, data);
        else booking.onEvent(session, state, name, data);
        save(session, state, phaseBefore);
    }

    /**
     * Seed 003's web → SMS: a buyer who opted in on the web gets the contextual first message ("Hey Sarah — you were
     * looking at 15K sqft in Detroit on the web…", with the opt-out aside), their name, e-mail and need carried over.
     * A proactive message: held in the buyer's quiet hours.
     */
    public void webOptIn(ConversationSession session, String name, String email, dev.parley.domain.buyer.Criteria need) {
        var state = load(session);
        var phaseBefore = session.conversation().state();
        if (name != null) {
            var parts = name.strip().split("\\s+", 2);
            state.renterFirstName = parts[0];
            state.renterLastName = parts.length > 1 ? parts[1] : null;
            state.nameStatus = "provided";
        }
        if (email != null) state.buyerEmail = email;
        if (!need.isEmpty()) {
            state.criteria = need;
            state.criteriaReadiness = dev.parley.domain.buyer.CriteriaReadiness.of(need);
            phases.fire(session, "criteria_provided", "web opt-in", Map.of("readiness", state.criteriaReadiness));
        }
        var values = new java.util.LinkedHashMap<String, String>();
        values.put(dev.parley.application.playbook.buyer.agents.Situation.TEMPLATE,
                state.renterFirstName == null ? "web_optin_no_name" : "web_optin");
        if (state.renterFirstName != null) values.put("name", state.renterFirstName);
        values.put("criteria", need.isEmpty() ? "warehouse space" : BuyerWording.summary(need, false));
        outgoing.proactive(session, state, "web_optin:" + session.conversation().id(), "web_optin",
                Outgoing.Reply.of(dev.parley.application.playbook.buyer.agents.Situation.NOTICE,
                        dev.parley.domain.buyer.SmsKind.FOLLOW_UP, values));
        session.record("web_optin", Map.of("criteria", !need.isEmpty()));
        save(session, state, phaseBefore);
    }

    /** The cities of the team's catalogue are known places too (its own towns, with their zones). */
    private void syncCatalogPlaces(ConversationSession session) {
        for (var p : session.reads().properties()) {
            ZoneId zone = null;
            try {
                if (p.timeZone() != null) zone = ZoneId.of(p.timeZone());
            } catch (java.time.DateTimeException ignored) {
                // an unknown zone in the catalogue: the state's zone applies
            }
            places.addCatalogCity(p.city(), p.state(), p.metro(), zone);
        }
    }

    private static BuyerState.Builder load(ConversationSession session) {
        var id = session.conversation().id();
        return session.buyerState().orElseGet(() -> BuyerState.fresh(id, session.now())).edit();
    }

    /**
     * Stores the state: the start of a new phase (silence is counted from there), the buyer need once there are
     * criteria, and the next re-engagement nudge.
     */
    private void save(ConversationSession session, BuyerState.Builder state, String phaseBefore) {
        if (!session.conversation().state().equals(phaseBefore) || state.phaseSince == null) {
            state.phaseSince = session.now();
        }
        if (BuyerState.NEED_NONE.equals(state.needStatus) && !state.criteria.isEmpty()) {
            state.needStatus = BuyerState.NEED_ACTIVE;
        }
        nudges.reschedule(session, state, booking);
        state.updatedAt = session.now();
        session.saveBuyerState(state.build());
    }
}
