package dev.parley.adapter.ui.conversation;

import dev.parley.adapter.ui.common.WavPlayer;
import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.adapter.ui.journey.JourneyViewModel;
import dev.parley.application.PipelineEvent;
import dev.parley.application.operator.ClaimedByOtherException;
import dev.parley.application.operator.FindConversations;
import dev.parley.application.playbook.StateGraph;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.conversation.ConversationClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One conversation: timeline, diagram, contact panel, tasks, and the operator's actions through the use cases. The
 * composer's canned replies are {@link CannedReplyPicker}, its safety check {@link DraftSafetyCheck}, team presence
 * {@link OperatorPresence}, the panes' lines {@link DetailPanes}, revealed originals {@link RevealedOriginals}, the
 * contact's zone {@link ContactTimeZone}.
 */
public final class ConversationViewModel {
    private final ConsoleContext context;
    private final long conversationId;
    private final Supplier<String> operator;
    private final ObjectProperty<FindConversations.Detail> detail = new SimpleObjectProperty<>();
    private final ObservableList<TimelineEntry> timeline = FXCollections.observableArrayList();
    private final ObservableList<String> contactFacts = FXCollections.observableArrayList();
    private final ObservableList<String> tasks = FXCollections.observableArrayList();
    private final ObservableList<OutboundCheck> checks = FXCollections.observableArrayList();
    private final ObjectProperty<DiagramLayout> diagram = new SimpleObjectProperty<>();
    private final ObservableList<String> path = FXCollections.observableArrayList();
    private final StringProperty title = new SimpleStringProperty("");
    private final StringProperty state = new SimpleStringProperty("");
    private final StringProperty draft = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");
    /** "★ opportunity: high-value" while the conversation has an unresolved informational alert, else empty. */
    private final StringProperty opportunity = new SimpleStringProperty("");
    /** Set when a reply met another operator's claim (team mode): the operator who holds it; the view asks first. */
    private final StringProperty claimedBy = new SimpleStringProperty(null);
    private final SimpleBooleanProperty busy = new SimpleBooleanProperty(false);
    private final StringProperty claim = new SimpleStringProperty("");
    private final StringProperty takeOverFrom = new SimpleStringProperty(null);
    private final DraftSafetyCheck safety;
    private final RevealedOriginals originals;
    private final ContactTimeZone timeZone;
    private final OperatorPresence presence;
    private final BooleanBinding canSend;
    private final CannedReplyPicker canned;
    private final JourneyViewModel journey;

    public ConversationViewModel(ConsoleContext context, long conversationId, Supplier<String> operator) {
        this.context = context;
        this.conversationId = conversationId;
        this.operator = operator;
        this.presence = new OperatorPresence(context, conversationId, operator);
        this.safety = new DraftSafetyCheck(context, conversationId, this::updateChecks);
        this.canned = new CannedReplyPicker(context, conversationId, operator, draft, status);
        this.timeZone = new ContactTimeZone(context, operator, status, this::load);
        this.originals = new RevealedOriginals(context, operator, status, () -> {
            if (detail.get() != null) show(detail.get());
        });
        this.journey = context.journeys() == null ? null
                : new JourneyViewModel(context.journeys(), context.executor(), operator);
        draft.addListener((o, a, b) -> {
            updateChecks();
            canned.update();
            if ((a == null || a.isBlank()) != (b == null || b.isBlank())) announce(false);
        });
        canSend = Bindings.createBooleanBinding(() -> !busy.get() && detail.get() != null
                && draft.get() != null && !draft.get().isBlank()
                && checks.stream().noneMatch(c -> c.level() == OutboundCheck.Level.FAIL), busy, detail, checks, draft);
    }

    public long conversationId() { return conversationId; }
    public ObjectProperty<FindConversations.Detail> detail() { return detail; }
    public ObservableList<TimelineEntry> timeline() { return timeline; }
    public ObservableList<String> contactFacts() { return contactFacts; }
    public ObservableList<String> tasks() { return tasks; }
    public ObservableList<OutboundCheck> checks() { return checks; }
    public ObjectProperty<DiagramLayout> diagram() { return diagram; }
    public ObservableList<String> path() { return path; }
    public StringProperty title() { return title; }
    public StringProperty state() { return state; }
    public StringProperty draft() { return draft; }
    public StringProperty status() { return status; }
    public StringProperty opportunity() { return opportunity; }
    public StringProperty claimedBy() { return claimedBy; }
    /** Team mode: the other operators on this conversation, as shown ("Dana is viewing · Eve is replying"). */
    public StringProperty presence() { return presence.shown(); }
    /** Who has claimed the conversation (team mode): the operator's name, or empty. */
    public StringProperty claim() { return claim; }
    /** Set when "Assign to me" met another operator's claim: the view asks whether to take it over. */
    public StringProperty takeOverFrom() { return takeOverFrom; }
    /** Seed 002: the validator's rewrite of the draft (SOFT_REWRITE), shown beside it; null when there is none. */
    public StringProperty rewrite() { return safety.rewrite(); }
    /** Whether a message of the conversation is shown as the validator's summary and its original not revealed. */
    public SimpleBooleanProperty originalsWithheld() { return originals.withheld(); }

    /**
     * Seed 002: reveals the originals of the conversation's summarised messages (each reveal audited as
     * {@code reveal_original}); the timeline then shows each original under its summary.
     */
    public void revealOriginals() {
        originals.reveal(detail.get());
    }

    /** The contact's own time zone as typed in the contact pane (an IANA id; empty clears it). */
    public StringProperty timeZoneDraft() { return timeZone.draft(); }

    /**
     * Sets the contact's own time zone (audited as {@code set_time_zone}): the safety validator's quiet hours use it
     * before the zones of their number. A zone the time-zone database does not know is refused, nothing changes.
     */
    public void setTimeZone() {
        timeZone.set(detail.get());
    }

    /** Claims the conversation for this operator ("Assign to me"); another's claim is asked about first. */
    public void assignToMe() {
        claimAction(false);
    }

    /** Takes the conversation over from the operator who claimed it (after the view asked). */
    public void takeOver() {
        takeOverFrom.set(null);
        claimAction(true);
    }

    private void claimAction(boolean takeOver) {
        act("Assigned to you", () -> context.claims().claim(conversationId, operator.get(), takeOver), null);
    }

    /** Releases this operator's claim. */
    public void release() {
        act("Released", () -> context.claims().release(conversationId, operator.get(), false), null);
    }

    /**
     * Tells the other operators' consoles (team mode) that this operator is on the conversation: viewing, or replying
     * while the draft holds text. Sent when the activity changes, and with {@code again} on the view's refresh tick
     * (it lapses without it); each tick also drops others' presence that lapsed.
     */
    public void announce(boolean again) {
        presence.announce(again, draft.get());
    }

    /** The conversation is closed: the others' consoles stop showing this operator. */
    public void leave() {
        presence.leave();
    }

    /** Presence announced by other operators (events of every process, batched on the FX thread). */
    public void onPresence(List<PipelineEvent> events) {
        presence.onEvents(events);
    }

    public BooleanBinding canSend() { return canSend; }
    /** Canned replies whose name starts with what follows a {@code /} the operator is typing (Tab inserts the first). */
    public ObservableList<String> suggestions() { return canned.suggestions(); }
    /** The buyer journey of a buyer-sms conversation (the pane hides itself for other playbooks); may be null. */
    public JourneyViewModel journey() { return journey; }

    /** Plays a spoken reply (a WAV the assistant attached) off the UI thread. */
    public void play(String file) {
        context.executor().submit(p -> {
            WavPlayer.play(java.nio.file.Path.of(file));
            return null;
        }, done -> { }, e -> status.set("Could not play: " + e.getMessage()));
    }

    /** Reads the conversation again: who holds its claim first (one small read, shown at once), then the rest. */
    public void load() {
        loadClaim();
        context.executor().submit(p -> context.conversations().detail(conversationId), this::show,
                e -> status.set("Could not load: " + e.getMessage()));
        if (journey != null) journey.show(conversationId);
        canned.load();
    }

    /**
     * Replaces the {@code /name} being typed with the template filled for this conversation; a variable without a
     * value stays in the text (the checks then refuse to send until it is written in). False when nothing matched.
     */
    public boolean insertTemplate(String name) {
        return canned.insert(name);
    }

    /** Tab in the composer: inserts the first suggestion. */
    public boolean insertFirstSuggestion() {
        return canned.insertFirst();
    }

    /** Reads again who holds the conversation's claim (team mode), and only that. */
    public void loadClaim() {
        context.executor().submit(p -> context.claims().holder(conversationId)
                        .map(ConversationClaim::operator).orElse(""),
                claim::set, e -> claim.set(""));
    }

    private void show(FindConversations.Detail d) {
        var c = d.conversation();
        var contact = d.contact();
        title.set(contact.address() + " · " + c.channel() + " · " + c.playbook());
        state.set(c.state());
        opportunity.set(DetailPanes.opportunityBadge(d.alerts()));
        timeline.setAll(TimelineEntries.of(d, originals.byMessage()));
        originals.update(d);
        timeZone.update(d);
        contactFacts.setAll(DetailPanes.contactFacts(d));
        tasks.setAll(DetailPanes.tasks(d));
        var visited = DetailPanes.visited(d);
        // a playbook that is not installed (any more) is drawn from the states this conversation went through
        var graph = context.playbooks().find(c.playbook()).filter(p -> p.name().equals(c.playbook()))
                .map(StateGraph::of).orElseGet(() -> DetailPanes.observed(visited));
        diagram.set(DiagramLayout.of(graph));
        path.setAll(visited);
        detail.set(d);
        updateChecks();
    }

    private void updateChecks() {
        var d = detail.get();
        if (d == null) return;
        var all = new ArrayList<>(OutboundCheck.of(d.contact(), d.conversation(), draft.get()));
        var text = draft.get();
        var safetyCheck = safety.resultFor(text);
        if (safetyCheck != null) all.add(safetyCheck);
        checks.setAll(all);
        if (!safety.checked(text)) safety.check(text);
    }

    /** The operator chooses the validator's rewrite: it becomes the draft (checked again, then sent as any reply). */
    public void useRewrite() {
        var offered = safety.rewrite().get();
        if (offered != null) draft.set(offered);
    }

    /** Open or acknowledged alerts, newest first. */
    public List<ConversationAlert> openAlerts() {
        var d = detail.get();
        if (d == null) return List.of();
        return d.alerts().stream().filter(a -> !ConversationAlert.RESOLVED.equals(a.status()))
                .sorted((a, b) -> Long.compare(b.id(), a.id())).toList();
    }

    /** The resume states the unblock dialog offers; AwaitingReply first when the playbook has it. */
    public UnblockViewModel unblockDialog() {
        var d = detail.get();
        var states = d == null ? List.<String>of() : context.playbooks().find(d.conversation().playbook())
                .map(p -> p.resumableStates().stream().sorted().toList()).orElse(List.of());
        return new UnblockViewModel(states, "AwaitingReply");
    }

    /**
     * Sends the draft. On a conversation another operator has claimed (team mode) nothing is sent: {@link #claimedBy}
     * names the holder, the view asks, and {@link #replyOverClaim} sends it if the operator says so.
     */
    public void reply() {
        send(false);
    }

    /** Sends the draft although another operator has claimed the conversation (audited as such). */
    public void replyOverClaim() {
        claimedBy.set(null);
        send(true);
    }

    private void send(boolean overClaim) {
        if (!canSend.get()) return;
        var text = draft.get();
        act("Reply queued", () -> context.reply().reply(conversationId, text, operator.get(), overClaim),
                () -> draft.set(""));
    }

    public void unblock(UnblockViewModel dialog) {
        if (!dialog.valid().get()) return;
        var to = dialog.state().get();
        var note = dialog.note().get();
        act("Unblocked to " + to, () -> context.unblock().unblock(conversationId, to, note, operator.get()), null);
    }

    public void acknowledge(long alertId) {
        act("Alert acknowledged", () -> context.alerts().acknowledge(conversationId, alertId, operator.get()), null);
    }

    public void resolve(long alertId, String note) {
        act("Alert resolved", () -> context.alerts().resolve(conversationId, alertId, note, operator.get()), null);
    }

    public void markDesist(String note) {
        act("Marked desist", () -> context.desist().markDesist(conversationId, note, operator.get()), null);
    }

    private void act(String done, Runnable action, Runnable after) {
        busy.set(true);
        context.executor().submit(p -> {
            action.run();
            return context.conversations().detail(conversationId);
        }, d -> {
            busy.set(false);
            status.set(done);
            if (after != null) after.run();
            show(d);
            loadClaim();
        }, e -> {
            busy.set(false);
            status.set(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            if (e instanceof ClaimedByOtherException claimed) {
                if (done.startsWith("Assigned")) takeOverFrom.set(claimed.holder());
                else claimedBy.set(claimed.holder());
            }
        });
    }
}
