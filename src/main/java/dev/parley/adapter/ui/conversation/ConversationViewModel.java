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
    private final SimpleBooleanProperty busy = new SimpleBooleanProperty(false);
    private final BooleanBinding canSend;
    /** Canned replies whose name starts with what follows a {@code /} the operator is typing (Tab inserts the first). */
    private final ObservableList<String> suggestions = FXCollections.observableArrayList();
    private List<ReplyTemplate> templates = List.of();
    private CannedReplies.Facts facts = new CannedReplies.Facts(null, null);

    public ConversationViewModel(ConsoleContext context, long conversationId, Supplier<String> operator) {
        this.context = context;
        this.conversationId = conversationId;
        this.operator = operator;
        draft.addListener((o, a, b) -> {
            updateChecks();
            updateSuggestions();
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
    public BooleanBinding canSend() { return canSend; }
    public ObservableList<String> suggestions() { return suggestions; }

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

    private void show(FindConversations.Detail d) {
        var c = d.conversation();
        var contact = d.contact();
        title.set(contact.address() + " · " + c.channel() + " · " + c.playbook());
        state.set(c.state());
        opportunity.set(opportunityBadge(d.alerts()));
        timeline.setAll(TimelineEntries.of(d));
        var facts = new ArrayList<String>();
        facts.add("Address: " + contact.address());
        if (contact.displayName() != null) facts.add("Name: " + contact.displayName());
        facts.add("Status: " + contact.status() + (contact.statusSince() != null ? " since " + contact.statusSince()
                : ""));
        if (contact.statusReason() != null) facts.add("Why: " + contact.statusReason());
        if (contact.statusBy() != null) facts.add("By: " + contact.statusBy());
        facts.add("Automation: " + (c.automationPaused() ? "paused" : "running"));
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
        checks.setAll(OutboundCheck.of(d.contact(), d.conversation(), draft.get()));
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

    public void reply() {
        if (!canSend.get()) return;
        var text = draft.get();
        act("Reply queued", () -> context.reply().reply(conversationId, text, operator.get()), () -> draft.set(""));
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
        }, e -> {
            busy.set(false);
            status.set(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        });
    }
}
