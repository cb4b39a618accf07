package dev.parley.adapter.ui.escalation;

import dev.parley.adapter.ui.common.Command;
import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.escalation.EscalationCase;
import dev.parley.application.escalation.ReplyTool;
import java.time.Clock;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Escalations queue: questions the automation escalated, pending first (earliest SLA deadline first) with a live
 * countdown, then recently closed ones; the selected case with its recent messages; and the Reply Tool in the console
 * (the same use case as the page at the e-mailed link).
 */
public final class EscalationsViewModel {
    public static final int LIMIT = 200;

    private final ReplyTool tool;
    private final TaskExecutor executor;
    private final Clock clock;
    private final Supplier<String> operator;
    private final LongConsumer openConversation;
    private final ObservableList<EscalationRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<EscalationCase> selected = new SimpleObjectProperty<>();
    private final StringProperty answer = new SimpleStringProperty("");
    private final BooleanProperty allProperties = new SimpleBooleanProperty(false);
    private final StringProperty status = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final Command send;
    private boolean loading;
    private final dev.parley.adapter.ui.journey.JourneyViewModel journey;

    public EscalationsViewModel(ReplyTool tool, TaskExecutor executor, Clock clock, Supplier<String> operator,
                                LongConsumer openConversation) {
        this(tool, executor, clock, operator, openConversation, null);
    }

    /** @param journey the selected case's buyer journey (phase, engagement, scheduled messages); null: not shown */
    public EscalationsViewModel(ReplyTool tool, TaskExecutor executor, Clock clock, Supplier<String> operator,
                                LongConsumer openConversation, dev.parley.adapter.ui.journey.JourneyViewModel journey) {
        this.journey = journey;
        if (journey != null) {
            selected.addListener((o, a, c) -> {
                if (c == null || a == null || a.conversationId() != c.conversationId()) {
                    journey.show(c == null ? null : c.conversationId());
                }
            });
        }
        this.tool = tool;
        this.executor = executor;
        this.clock = clock;
        this.operator = operator;
        this.openConversation = openConversation;
        this.send = new Command(this::sendAnswer, Bindings.createBooleanBinding(() -> !busy.get()
                && selected.get() != null && selected.get().acceptsReply() && answer.get() != null
                && !answer.get().isBlank(), busy, selected, answer));
    }

    public ObservableList<EscalationRow> rows() { return rows; }
    public ObjectProperty<EscalationCase> selected() { return selected; }
    public StringProperty answer() { return answer; }
    public BooleanProperty allProperties() { return allProperties; }
    public StringProperty status() { return status; }
    public BooleanProperty busy() { return busy; }
    public Command send() { return send; }
    public dev.parley.adapter.ui.journey.JourneyViewModel journey() { return journey; }

    /** Reloads the queue (coalesced while a load runs); the selection follows its escalation. */
    public void refresh() {
        if (loading) return;
        loading = true;
        executor.submit(p -> tool.queue(LIMIT), cases -> {
            loading = false;
            var now = clock.instant();
            var keep = selected.get() == null ? null : selected.get().thread().id();
            rows.setAll(cases.stream().map(c -> new EscalationRow(c, now)).toList());
            if (keep != null) {
                selected.set(cases.stream().filter(c -> c.thread().id() == keep).findFirst().orElse(null));
            }
            long pending = cases.stream().filter(c -> c.thread().status().name().equals("PENDING")).count();
            // a count replaces a count, never the outcome of the operator's last answer
            var shown = status.get();
            if (!busy.get() && (shown.isEmpty() || shown.endsWith(" pending") || shown.startsWith("No pending"))) {
                status.set(pending == 0 ? "No pending escalations." : pending + " pending");
            }
        }, e -> {
            loading = false;
            status.set("Store unavailable: " + e.getClass().getSimpleName());
        });
    }

    public void select(EscalationRow row) {
        selected.set(row == null ? null : row.escalation());
    }

    /** Every second: the countdowns. */
    public void tick() {
        var now = clock.instant();
        rows.forEach(r -> r.tick(now));
    }

    public void openConversation() {
        if (selected.get() != null) openConversation.accept(selected.get().conversationId());
    }

    private void sendAnswer() {
        var c = selected.get();
        var text = answer.get();
        var who = operator.get();
        boolean all = allProperties.get();
        busy.set(true);
        status.set("Sending…");
        executor.submit(p -> {
            tool.answerById(c.thread().id(), text, who, all, c.round());
            return tool.byId(c.thread().id());
        }, updated -> {
            busy.set(false);
            answer.set("");
            allProperties.set(false);
            selected.set(updated);
            status.set("Sent to the buyer: " + (updated.thread().answerSentText() == null ? ""
                    : updated.thread().answerSentText()));
            if (journey != null) journey.reload();
            refresh();
        }, e -> {
            busy.set(false);
            status.set("Not sent: " + e.getMessage());
        });
    }
}
