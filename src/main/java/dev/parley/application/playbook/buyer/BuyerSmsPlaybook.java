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
    private static final java.time.Duration SUPPLIER_REPLY_GAP = java.time.Duration.ofHours(12);

    private final LoadedPlaybook loaded;
    private final BuyerSettings settings;
    private final Places places;
    private final KeywordHandler keywords;
    private final BuyerOrchestrator orchestrator;
    private final EscalationDesk desk;
    private final Outgoing outgoing;

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
        var phases = new PhaseMoves(machine);
        var prompts = new ContextBuilder();
        var agents = new BuyerAgents(gateway, loaded.templates());
        this.outgoing = new Outgoing(session -> {
            var bound = agents.bind(session);
            return new SmsComposer(bound.response(), bound.polisher(), prompts, loaded.templates(),
                    settings.maxPolishRounds());
        }, prompts, loaded.templates(), new QuietHoursPolicy(places), settings.historyMessages());
        this.desk = new EscalationDesk(settings, outgoing, phases, mailer, links);
        this.keywords = new KeywordHandler(settings, loaded.templates());
        this.orchestrator = new BuyerOrchestrator(places, new MessageInterpreter(places),
                session -> agents.bind(session).criteria(), prompts, outgoing, desk, phases);
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
        state.turn++;
        state.lastBuyerMessageAt = session.now();
        state.reengagementCount = 0;
        var text = message.text() == null ? "" : message.text();
        if (!keywords.handle(session, state, text, messageId)) {
            if (session.conversation().automationPaused()) {
                session.record("automation_paused", Map.of("message_id", messageId));
            } else if (!supplier(session, state, messageId)) {
                syncCatalogPlaces(session);
                orchestrator.handle(session, state, text, messageId);
            }
        }
        save(session, state);
    }

    /**
     * A text from a supplier's number on the buyer line: forwarded to an operator (a task), answered with a generic
     * reply that never mentions another number.
     */
    private boolean supplier(ConversationSession session, BuyerState.Builder state, long messageId) {
        if (!settings.supplierForward()) return false;
        var property = session.store().catalog().propertyOfSupplier(session.contact().address());
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
        if (!desk.handles(trigger)) {
            session.reject(trigger, "no timer " + trigger + " in playbook " + NAME);
            return;
        }
        var state = load(session);
        desk.onTimer(session, state, trigger);
        save(session, state);
    }

    @Override
    public void onEvent(ConversationSession session, String name, Map<String, Object> data) {
        if (!EscalationDesk.ANSWER_EVENT.equals(name)) {
            session.reject(name, "playbook " + NAME + " handles only " + EscalationDesk.ANSWER_EVENT);
            return;
        }
        var state = load(session);
        desk.answer(session, state, data);
        save(session, state);
    }

    /** The cities of the team's catalogue are known places too (its own towns, with their zones). */
    private void syncCatalogPlaces(ConversationSession session) {
        for (var p : session.store().catalog().properties()) {
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
        return session.store().buyerStates().find(id).orElseGet(() -> BuyerState.fresh(id, session.now())).edit();
    }

    private static void save(ConversationSession session, BuyerState.Builder state) {
        state.updatedAt = session.now();
        session.store().buyerStates().save(state.build());
    }
}
