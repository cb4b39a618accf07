package dev.parley.adapter.ui.conversation;

import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.application.console.AlertClasses;
import dev.parley.application.console.CannedReplies;
import dev.parley.application.console.ReplyTemplate;
import dev.parley.application.operator.FindConversations;
import dev.parley.application.playbook.StateGraph;
import dev.parley.domain.conversation.ConversationAlert;
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

/** One conversation: timeline, diagram, contact panel, tasks, and the operator's actions through the use cases. */
public final class ConversationViewModel {
    private final ConsoleContext context;
    private final long conversationId;
    private final Supplier<String> operator;
    private final ObjectProperty<FindConversations.Detail> detail = new SimpleObjectProperty<>();
    private final ObservableList<TimelineEntry> timeline = FXCollections.observableArrayList();
    private final ObservableList<String> contactFacts = FXCollections.observableArrayList();
    private final StringProperty timeZoneDraft = new javafx.beans.property.SimpleStringProperty("");
    private String shownZone;
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
    /** Team mode: the other operators on this conversation, as shown ("Dana is viewing · Eve is replying"). */
    private final StringProperty presence = new SimpleStringProperty("");
    private final StringProperty claim = new SimpleStringProperty("");
    private final StringProperty takeOverFrom = new SimpleStringProperty(null);
    /** Seed 002: the validator's rewrite of the draft (SOFT_REWRITE), shown beside it; null when there is none. */
    private final StringProperty rewrite = new SimpleStringProperty(null);
    private OutboundCheck safetyCheck;
    private String safetyCheckedText;
    private volatile long safetySequence;
    private dev.parley.adapter.ui.common.TaskExecutor.Handle modelRewriteTask;
    /** Originals of summarised messages this operator revealed (audited), by message id. */
    private final java.util.Map<Long, String> revealed = new java.util.HashMap<>();
    private final SimpleBooleanProperty originalsWithheld = new SimpleBooleanProperty(false);
    private final java.util.Map<String, Seen> others = new java.util.TreeMap<>();
    private String announced;

    private record Seen(String activity, java.time.Instant at) {
    }
    private final BooleanBinding canSend;
    /** Canned replies whose name starts with what follows a {@code /} the operator is typing (Tab inserts the first). */
    private final ObservableList<String> suggestions = FXCollections.observableArrayList();
    private List<ReplyTemplate> templates = List.of();
    private CannedReplies.Facts facts = new CannedReplies.Facts(null, null);
    private final dev.parley.adapter.ui.journey.JourneyViewModel journey;

    public ConversationViewModel(ConsoleContext context, long conversationId, Supplier<String> operator) {
        this.context = context;
        this.conversationId = conversationId;
        this.operator = operator;
        this.journey = context.journeys() == null ? null
                : new dev.parley.adapter.ui.journey.JourneyViewModel(context.journeys(), context.executor(), operator);
        draft.addListener((o, a, b) -> {
            updateChecks();
            updateSuggestions();
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
    public StringProperty presence() { return presence; }
    /** Who has claimed the conversation (team mode): the operator's name, or empty. */
    public StringProperty claim() { return claim; }
    /** Set when "Assign to me" met another operator's claim: the view asks whether to take it over. */
    public StringProperty takeOverFrom() { return takeOverFrom; }
    public StringProperty rewrite() { return rewrite; }
    /** Whether a message of the conversation is shown as the validator's summary and its original not revealed. */
    public SimpleBooleanProperty originalsWithheld() { return originalsWithheld; }

    /**
     * Seed 002: reveals the originals of the conversation's summarised messages (each reveal audited as
     * {@code reveal_original}); the timeline then shows each original under its summary.
     */
    public void revealOriginals() {
        var d = detail.get();
        if (d == null || context.safety() == null) return;
        var ids = d.messageSafety().stream().filter(m -> m.originalText() != null && !revealed.containsKey(
                m.messageId())).map(m -> m.messageId()).toList();
        if (ids.isEmpty()) return;
        var who = operator.get();
        context.executor().submit(p -> {
            var out = new java.util.LinkedHashMap<Long, String>();
            for (var id : ids) context.safety().reveal().reveal(id, who).ifPresent(text -> out.put(id, text));
            return out;
        }, originals -> {
            revealed.putAll(originals);
            status.set(originals.size() == 1 ? "Original revealed (audited)" : originals.size()
                    + " originals revealed (audited)");
            if (detail.get() != null) show(detail.get());
        }, e -> status.set("Not revealed: " + e.getMessage()));
    }

    /** The contact's own time zone as typed in the contact pane (an IANA id; empty clears it). */
    public StringProperty timeZoneDraft() { return timeZoneDraft; }

    /**
     * Sets the contact's own time zone (audited as {@code set_time_zone}): the safety validator's quiet hours use it
     * before the zones of their number. A zone the time-zone database does not know is refused, nothing changes.
     */
    public void setTimeZone() {
        var d = detail.get();
        if (d == null || context.safety() == null || context.safety().timeZone() == null) return;
        long contactId = d.contact().id();
        var zone = timeZoneDraft.get() == null ? "" : timeZoneDraft.get().strip();
        var who = operator.get();
        context.executor().submit(p -> context.safety().timeZone().set(contactId, zone, who), set -> {
            status.set(set.map(z -> "Time zone set to " + z.getId() + " (audited)")
                    .orElse("Time zone cleared: quiet hours use the number's zones (audited)"));
            load();
        }, e -> status.set("Time zone not set: " + e.getMessage()));
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
        var activity = draft.get() == null || draft.get().isBlank() ? "viewing" : "replying";
        if (again || !activity.equals(announced)) {
            announced = activity;
            publishPresence(activity);
        }
        showPresence();
    }

    /** The conversation is closed: the others' consoles stop showing this operator. */
    public void leave() {
        announced = "left";
        publishPresence("left");
    }

    private void publishPresence(String activity) {
        var who = operator.get();
        if (who == null || who.isBlank()) return;
        context.announce().publish(List.of(new dev.parley.application.PipelineEvent.OperatorPresent(conversationId,
                who, activity)));
    }

    /** Presence announced by other operators (events of every process, batched on the FX thread). */
    public void onPresence(List<dev.parley.application.PipelineEvent> events) {
        boolean changed = false;
        for (var e : events) {
            if (e instanceof dev.parley.application.PipelineEvent.OperatorPresent p
                    && p.conversationId() == conversationId && !p.operator().equals(operator.get())) {
                if ("left".equals(p.activity())) others.remove(p.operator());
                else others.put(p.operator(), new Seen(p.activity(), context.clock().instant()));
                changed = true;
            }
        }
        if (changed) showPresence();
    }

    private void showPresence() {
        var lapse = context.clock().instant().minusSeconds(3L
                * dev.parley.application.PipelineEvent.PRESENCE_REFRESH_SECONDS);
        others.values().removeIf(s -> s.at().isBefore(lapse));
        presence.set(others.entrySet().stream().map(e -> e.getKey() + " is " + e.getValue().activity())
                .collect(java.util.stream.Collectors.joining(" · ")));
    }
    public BooleanBinding canSend() { return canSend; }
    public ObservableList<String> suggestions() { return suggestions; }
    /** The buyer journey of a buyer-sms conversation (the pane hides itself for other playbooks); may be null. */
    public dev.parley.adapter.ui.journey.JourneyViewModel journey() { return journey; }

    /** Plays a spoken reply (a WAV the assistant attached) off the UI thread. */
    public void play(String file) {
        context.executor().submit(p -> {
            dev.parley.adapter.ui.common.WavPlayer.play(java.nio.file.Path.of(file));
            return null;
        }, done -> { }, e -> status.set("Could not play: " + e.getMessage()));
    }

    public void load() {
        context.executor().submit(p -> context.conversations().detail(conversationId), this::show,
                e -> status.set("Could not load: " + e.getMessage()));
        if (journey != null) journey.show(conversationId);
        loadClaim();
        var replies = context.cannedReplies();
        if (replies != null) {
            context.executor().submit(p -> java.util.Map.entry(replies.list(), replies.facts(conversationId)), r -> {
                templates = r.getKey();
                facts = r.getValue();
                updateSuggestions();
            }, e -> status.set("Canned replies unavailable: " + e.getMessage()));
        }
    }

    /** The {@code /name} being typed at the end of the draft, without the slash; null when there is none. */
    static String slashWord(String text) {
        if (text == null || text.isEmpty()) return null;
        int start = Math.max(text.lastIndexOf(' '), text.lastIndexOf('\n')) + 1;
        var word = text.substring(start);
        return word.startsWith("/") && word.substring(1).matches("[a-z0-9_-]*") ? word.substring(1) : null;
    }

    private void updateSuggestions() {
        var word = slashWord(draft.get());
        suggestions.setAll(word == null ? List.of() : templates.stream().map(ReplyTemplate::name)
                .filter(n -> n.startsWith(word)).toList());
    }

    /**
     * Replaces the {@code /name} being typed with the template filled for this conversation; a variable without a
     * value stays in the text (the checks then refuse to send until it is written in). False when nothing matched.
     */
    public boolean insertTemplate(String name) {
        var template = templates.stream().filter(t -> t.name().equals(name)).findFirst();
        var word = slashWord(draft.get());
        if (template.isEmpty() || word == null) return false;
        var filled = CannedReplies.fill(template.get(), facts, operator.get());
        var text = draft.get();
        draft.set(text.substring(0, text.length() - word.length() - 1) + filled.text());
        status.set(filled.missing().isEmpty() ? "Inserted /" + name
                : "Inserted /" + name + ": write in " + String.join(", ", filled.missing()) + " before sending");
        return true;
    }

    /** Tab in the composer: inserts the first suggestion. */
    public boolean insertFirstSuggestion() {
        return !suggestions.isEmpty() && insertTemplate(suggestions.getFirst());
    }

    private void loadClaim() {
        context.executor().submit(p -> context.claims().holder(conversationId)
                        .map(dev.parley.domain.conversation.ConversationClaim::operator).orElse(""),
                claim::set, e -> claim.set(""));
    }

    private void show(FindConversations.Detail d) {
        var c = d.conversation();
        var contact = d.contact();
        title.set(contact.address() + " · " + c.channel() + " · " + c.playbook());
        state.set(c.state());
        opportunity.set(opportunityBadge(d.alerts()));
        timeline.setAll(TimelineEntries.of(d, revealed));
        originalsWithheld.set(d.messageSafety().stream()
                .anyMatch(m -> m.originalText() != null && !revealed.containsKey(m.messageId())));
        var facts = new ArrayList<String>();
        facts.add("Address: " + contact.address());
        if (contact.displayName() != null) facts.add("Name: " + contact.displayName());
        facts.add("Status: " + contact.status() + (contact.statusSince() != null ? " since " + contact.statusSince()
                : ""));
        if (contact.statusReason() != null) facts.add("Why: " + contact.statusReason());
        if (contact.statusBy() != null) facts.add("By: " + contact.statusBy());
        facts.add("Automation: " + (c.automationPaused() ? "paused" : "running"));
        facts.add("Time zone: " + contact.zone().map(java.time.ZoneId::getId)
                .orElse("none set (quiet hours use the number's zones)"));
        var storedZone = contact.zone().map(java.time.ZoneId::getId).orElse("");
        if (!storedZone.equals(shownZone)) timeZoneDraft.set(storedZone); // a refresh keeps what is being typed
        shownZone = storedZone;
        contactFacts.setAll(facts);
        var taskLines = new ArrayList<String>();
        d.tasks().forEach(t -> taskLines.add("☐ " + t.text() + " (" + t.kind() + ", " + t.status() + ")"));
        d.messages().stream().filter(m -> m.dataJson() != null).forEach(m -> taskLines.add("Extracted: "
                + m.dataJson()));
        tasks.setAll(taskLines);
        var visited = new ArrayList<String>();
        d.events().stream().filter(e -> "transition".equals(e.type()) || e.toState() != null).forEach(e -> {
            if (visited.isEmpty() && e.fromState() != null) visited.add(e.fromState());
            visited.add(e.toState());
        });
        if (visited.isEmpty()) visited.add(c.state());
        // a playbook that is not installed (any more) is drawn from the states this conversation went through
        var graph = context.playbooks().find(c.playbook()).filter(p -> p.name().equals(c.playbook()))
                .map(StateGraph::of).orElseGet(() -> observed(visited));
        diagram.set(DiagramLayout.of(graph));
        path.setAll(visited);
        detail.set(d);
        updateChecks();
    }

    /**
     * The conversation's badge for its unresolved informational alerts (HIGH_VALUE, …: the Opportunities view), e.g.
     * "★ opportunity: high-value"; empty when there is none.
     */
    static String opportunityBadge(List<ConversationAlert> alerts) {
        var categories = alerts.stream().filter(a -> !ConversationAlert.RESOLVED.equals(a.status()))
                .filter(a -> AlertClasses.informational(a.severity()))
                .flatMap(a -> a.categories().isEmpty() ? java.util.stream.Stream.of(a.severity().toLowerCase())
                        : a.categories().stream())
                .map(c -> c.replace('_', '-')).distinct().toList();
        return categories.isEmpty() ? "" : "★ opportunity: " + String.join(", ", categories);
    }

    static StateGraph observed(List<String> visited) {
        var transitions = new ArrayList<StateGraph.Transition>();
        for (int i = 0; i + 1 < visited.size(); i++) {
            var t = new StateGraph.Transition(visited.get(i), visited.get(i + 1), "");
            if (!transitions.contains(t)) transitions.add(t);
        }
        return new StateGraph(visited.getFirst(), visited.stream().distinct().toList(), transitions);
    }

    private void updateChecks() {
        var d = detail.get();
        if (d == null) return;
        var all = new ArrayList<>(OutboundCheck.of(d.contact(), d.conversation(), draft.get()));
        var text = draft.get();
        if (safetyCheck != null && java.util.Objects.equals(safetyCheckedText, text)) all.add(safetyCheck);
        checks.setAll(all);
        if (!java.util.Objects.equals(safetyCheckedText, text)) checkSafety(text);
    }

    /** "; model: harassment 0.93" when a learned head raised a category (ADR 0019), else empty. */
    static String modelNote(dev.parley.domain.safety.SafetyResult result) {
        var parts = new java.util.ArrayList<String>();
        for (var c : dev.parley.domain.safety.RiskCategory.values()) {
            result.score(c).model().ifPresent(m -> parts.add(c.wire() + " " + Math.round(m.score() * 100) / 100.0));
        }
        return parts.isEmpty() ? "" : "; model: " + String.join(", ", parts);
    }

    /**
     * With {@code safety.rewrite=model}: how long a draft the validator would rewrite must stay unchanged before the
     * model is asked for its rewrite (typing on cancels the wait, so a model is not asked at every keystroke).
     */
    static final long MODEL_REWRITE_PAUSE_MS = 700;

    /**
     * Seed 002 on the draft, off the FX thread: what the outbox would decide now. A denial blocks Send; a rewrite is
     * offered beside the draft ({@link #useRewrite}), the operator choosing which to send; the latest draft wins.
     * With {@code safety.rewrite=model} the model's rewrite replaces the deterministic one once it arrives.
     */
    private void checkSafety(String text) {
        if (context.safety() == null) return;
        long sequence = ++safetySequence;
        if (modelRewriteTask != null) {
            modelRewriteTask.cancel();
            modelRewriteTask = null;
        }
        if (text == null || text.isBlank()) {
            safetyCheck = null;
            safetyCheckedText = text;
            rewrite.set(null);
            return;
        }
        var check = context.safety().check();
        context.executor().submit(p -> check.check(conversationId, text), checked -> {
            if (sequence != safetySequence) return;
            showSafety(text, checked);
            if (checked.result().decision() == dev.parley.domain.safety.SafetyDecision.SOFT_REWRITE
                    && check.modelRewriteOn()) {
                askModelRewrite(check, sequence, text);
            }
        }, e -> {
            if (sequence != safetySequence) return;
            safetyCheckedText = text;
            safetyCheck = new OutboundCheck("Safety", OutboundCheck.Level.WARN, "not checked: " + e.getClass()
                    .getSimpleName());
            rewrite.set(null);
            updateChecks();
        });
    }

    /** The model's rewrite of a draft left alone for a moment; the deterministic one stays offered until then. */
    private void askModelRewrite(dev.parley.application.operator.CheckOutgoing check, long sequence, String text) {
        modelRewriteTask = context.executor().submit(p -> {
            Thread.sleep(MODEL_REWRITE_PAUSE_MS);
            if (p.cancelled() || sequence != safetySequence) return null;
            return check.withModelRewrite(conversationId, text);
        }, checked -> {
            if (checked == null || sequence != safetySequence) return;
            showSafety(text, checked);
        }, e -> { }); // cancelled, or the model could not be asked: the deterministic rewrite stays offered
    }

    private void showSafety(String text, dev.parley.application.operator.CheckOutgoing.Checked checked) {
        var result = checked.result();
        safetyCheckedText = text;
        var reason = result.enforcementReason().wire() + modelNote(result);
        safetyCheck = switch (result.decision()) {
            case HARD_DENY -> new OutboundCheck("Safety", OutboundCheck.Level.FAIL, result.failSafe()
                    ? "the safety check failed: the reply would be held for review"
                    : "the reply would be DENIED (" + reason + ")");
            case SOFT_REWRITE -> new OutboundCheck("Safety", OutboundCheck.Level.WARN, "a safer rewrite"
                    + (checked.modelRewrite() ? " by the model" : "") + " is offered (" + reason
                    + "): send yours or use it");
            default -> new OutboundCheck("Safety", OutboundCheck.Level.PASS, "allowed");
        };
        rewrite.set(result.decision() == dev.parley.domain.safety.SafetyDecision.SOFT_REWRITE
                ? result.safeOutput().messagePrimary() : null);
        updateChecks();
    }

    /** The operator chooses the validator's rewrite: it becomes the draft (checked again, then sent as any reply). */
    public void useRewrite() {
        var offered = rewrite.get();
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
            if (e instanceof dev.parley.application.operator.ClaimedByOtherException claimed) {
                if (done.startsWith("Assigned")) takeOverFrom.set(claimed.holder());
                else claimedBy.set(claimed.holder());
            }
        });
    }
}
