package dev.parley.adapter.ui.shell;

import dev.parley.adapter.ui.common.Notifier;
import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.adapter.ui.queue.QueueViewModel;
import dev.parley.adapter.ui.settings.ConsoleSettings;
import dev.parley.application.PipelineEvent;
import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueKind;
import dev.parley.application.console.RecordReveal;
import java.time.Clock;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The main window: navigation with live counts, the queues, and reactions to batches of pipeline events. */
public final class MainViewModel {
    private final FindQueues queues;
    private final TaskExecutor executor;
    private final Notifier notifier;
    private final ConsoleSettings settings;
    private final ObservableList<NavItem> navigation = FXCollections.observableArrayList();
    private final Map<QueueKind, QueueViewModel> queueModels = new EnumMap<>(QueueKind.class);
    private final ObjectProperty<Section> section = new SimpleObjectProperty<>(Section.HUMAN_REVIEW);
    private final StringProperty operator = new SimpleStringProperty();
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty modelStatus = new SimpleStringProperty("");
    private final javafx.beans.property.BooleanProperty modelFailing = new javafx.beans.property.SimpleBooleanProperty();
    private java.util.function.Supplier<dev.parley.application.model.ModelHealth> modelHealth = () -> null;
    private final ObjectProperty<LongConsumer> openConversation = new SimpleObjectProperty<>(id -> { });
    private boolean countsLoading;

    public MainViewModel(FindQueues queues, RecordReveal reveal, TaskExecutor executor, Notifier notifier,
                         ConsoleSettings settings, Clock clock) {
        this.queues = queues;
        this.executor = executor;
        this.notifier = notifier;
        this.settings = settings;
        operator.set(settings.operatorName());
        Arrays.stream(Section.values()).map(NavItem::new).forEach(navigation::add);
        for (var kind : QueueKind.values()) {
            var model = new QueueViewModel(kind, queues, reveal, executor, clock, operator::get);
            model.setOnOpen(row -> openConversation.get().accept(row.item().conversationId()));
            queueModels.put(kind, model);
        }
    }

    public ObservableList<NavItem> navigation() {
        return navigation;
    }

    public QueueViewModel queue(QueueKind kind) {
        return queueModels.get(kind);
    }

    public ObjectProperty<Section> section() {
        return section;
    }

    public StringProperty operator() {
        return operator;
    }

    public StringProperty status() {
        return status;
    }

    /** The status bar's model line: which model answers, and when it is failing that the offline one does. */
    public StringProperty modelStatus() {
        return modelStatus;
    }

    public javafx.beans.property.BooleanProperty modelFailing() {
        return modelFailing;
    }

    /** Where the model's health is read (after every batch of pipeline events: a fallback happens in one). */
    public void setModelHealth(java.util.function.Supplier<dev.parley.application.model.ModelHealth> health) {
        this.modelHealth = health;
        refreshModelStatus();
    }

    void refreshModelStatus() {
        var health = modelHealth.get();
        if (health == null) return;
        modelStatus.set(health.summary());
        modelFailing.set(health.state() != dev.parley.application.model.ModelHealth.State.CLOSED);
    }

    public void setOnOpenConversation(LongConsumer open) {
        openConversation.set(open);
    }

    public void openConversation(long id) {
        openConversation.get().accept(id);
    }

    /** True until an operator name is set: the console asks for one before any action. */
    public boolean needsOperatorName() {
        return operator.get() == null || operator.get().isBlank();
    }

    public void setOperatorName(String name) {
        if (name == null || name.isBlank()) return;
        settings.setOperatorName(name);
        operator.set(name.strip());
    }

    /** Loads counts and the visible queue. */
    public void refreshAll() {
        refreshCounts();
        var kind = section.get().queue();
        if (kind != null) queueModels.get(kind).refresh();
    }

    public void refreshCounts() {
        if (countsLoading) return;
        countsLoading = true;
        executor.submit(progress -> queues.counts(), counts -> {
            countsLoading = false;
            for (var item : navigation) {
                var kind = item.section().queue();
                if (kind != null) item.count().set(counts.getOrDefault(kind, 0L));
            }
        }, error -> {
            countsLoading = false;
            status.set("Store unavailable: " + error.getClass().getSimpleName());
        });
    }

    /** A batch of committed pipeline events (at most ~10 a second): one refresh, one notification per alert. */
    public void onEvents(List<PipelineEvent> events) {
        for (var event : events) {
            if (event instanceof PipelineEvent.AlertRaised alert && "CRITICAL".equals(alert.severity())) {
                notifier.critical("Critical alert", "Conversation " + alert.conversationId() + ": "
                        + String.join(", ", alert.categories()) + ". Automation stopped; open Human review.");
            }
        }
        refreshAll();
        refreshModelStatus();
    }
}
