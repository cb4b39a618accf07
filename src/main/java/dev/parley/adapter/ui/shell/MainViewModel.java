package dev.parley.adapter.ui.shell;

import dev.parley.adapter.ui.common.Notifier;
import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.adapter.ui.queue.QueueViewModel;
import dev.parley.adapter.ui.settings.ConsoleSettings;
import dev.parley.application.PipelineEvent;
import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueKind;
import dev.parley.application.console.RecordReveal;
import dev.parley.application.console.WhyInReview;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.conversation.ConversationAlert;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleLongProperty;
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
    private final Clock clock;
    private final ObservableList<NavItem> navigation = FXCollections.observableArrayList();
    private final Map<QueueKind, QueueViewModel> queueModels = new EnumMap<>(QueueKind.class);
    private final ObjectProperty<Section> section = new SimpleObjectProperty<>(Section.HUMAN_REVIEW);
    private final StringProperty operator = new SimpleStringProperty();
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty modelStatus = new SimpleStringProperty("");
    private final javafx.beans.property.BooleanProperty modelFailing = new javafx.beans.property.SimpleBooleanProperty();
    private final StringProperty teamStatus = new SimpleStringProperty("");
    private final BooleanProperty teamDegraded = new SimpleBooleanProperty(false);
    private java.util.function.Supplier<dev.parley.application.console.StoreLink> storeLink =
            () -> dev.parley.application.console.StoreLink.SOLE;
    private java.util.function.Supplier<dev.parley.application.model.ModelHealth> modelHealth = () -> null;
    private final ObjectProperty<LongConsumer> openConversation = new SimpleObjectProperty<>(id -> { });
    /** The latest alert announcement (banner, screen reader); empty when there is none. */
    private final StringProperty announcement = new SimpleStringProperty("");
    private final BooleanProperty announcementUrgent = new SimpleBooleanProperty(false);
    private final LongProperty unacknowledgedCritical = new SimpleLongProperty(0);
    private final StringProperty windowTitle = new SimpleStringProperty("Parley");
    private final Set<Long> reminded = new HashSet<>();
    private boolean countsLoading;
    private boolean countsAgain;
    private boolean remindersLoading;

    public MainViewModel(FindQueues queues, RecordReveal reveal, TaskExecutor executor, Notifier notifier,
                         ConsoleSettings settings, Clock clock) {
        this.queues = queues;
        this.executor = executor;
        this.notifier = notifier;
        this.settings = settings;
        this.clock = clock;
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

    public StringProperty announcement() {
        return announcement;
    }

    /** True while the announcement is a reminder of an unacknowledged critical alert (shown louder). */
    public BooleanProperty announcementUrgent() {
        return announcementUrgent;
    }

    public LongProperty unacknowledgedCritical() {
        return unacknowledgedCritical;
    }

    /** "Parley", or with what waits: "Parley — 2 critical unacknowledged · 5 in review". */
    public StringProperty windowTitle() {
        return windowTitle;
    }

    public void dismissAnnouncement() {
        announcement.set("");
        announcementUrgent.set(false);
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

    /** Reads the model's health again (after events, or when a model call waits for its turn or got it). */
    public void refreshModelStatus() {
        var health = modelHealth.get();
        if (health == null) return;
        modelStatus.set(health.summary());
        modelFailing.set(health.state() != dev.parley.application.model.ModelHealth.State.CLOSED);
    }

    /** The status bar's team line (team mode: live updates, registration); empty on a store of one's own. */
    public StringProperty teamStatus() {
        return teamStatus;
    }

    public BooleanProperty teamDegraded() {
        return teamDegraded;
    }

    /** Where the link to a shared store is read (the window reads it every second). */
    public void setStoreLink(java.util.function.Supplier<dev.parley.application.console.StoreLink> link) {
        this.storeLink = link;
        refreshTeamStatus();
    }

    public void refreshTeamStatus() {
        var link = storeLink.get();
        teamStatus.set(link.summary());
        teamDegraded.set(link.degraded());
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

    /** Reads the queue counts; asked again while a read runs, it reads once more after it (not once per ask). */
    public void refreshCounts() {
        if (countsLoading) {
            countsAgain = true;
            return;
        }
        countsLoading = true;
        executor.submit(progress -> queues.counts(), counts -> {
            for (var item : navigation) {
                var kind = item.section().queue();
                if (kind != null) item.count().set(counts.getOrDefault(kind, 0L));
            }
            showAttention();
            countsDone();
        }, error -> {
            status.set("Store unavailable: " + error.getClass().getSimpleName());
            countsDone();
        });
    }

    private void countsDone() {
        countsLoading = false;
        if (countsAgain) {
            countsAgain = false;
            refreshCounts();
        }
    }

    /**
     * A batch of committed pipeline events (at most ~10 a second): the counts, the rows of the concerned
     * conversations in the visible queue (the other rows are not read again; {@link PipelineEvent.StoreChanged}, about
     * no conversation, reads it all again), one notification and one announcement per critical alert.
     */
    public void onEvents(List<PipelineEvent> events) {
        for (var event : events) {
            if (event instanceof PipelineEvent.AlertRaised alert && alert.severity() == AlertSeverity.CRITICAL) {
                var text = "Conversation " + alert.conversationId() + ": " + String.join(", ", alert.categories())
                        + ". Automation stopped; open Human review (Ctrl+1).";
                notifier.critical("Critical alert", text);
                announcement.set("Critical alert. " + text);
                announcementUrgent.set(false);
            }
            if (event instanceof PipelineEvent.AlertRaised alert && alert.severity() == AlertSeverity.SLA_BREACH) {
                notifier.critical("Escalation SLA breached", "Conversation " + alert.conversationId() + ": the "
                        + "buyer was told we're still on it. Answer it in Escalations.");
            }
        }
        if (events.stream().anyMatch(e -> e instanceof PipelineEvent.StoreChanged)) {
            refreshAll();
        } else {
            refreshCounts();
            var kind = section.get().queue();
            if (kind != null) {
                queueModels.get(kind).refreshConversations(events.stream().map(PipelineEvent::conversationId)
                        .filter(id -> id > 0).collect(Collectors.toSet()));
            }
        }
        refreshModelStatus();
        refreshTeamStatus();
        // the reminders' own timer covers the passing of time; here only what changes the unacknowledged set
        if (events.stream().anyMatch(e -> e instanceof PipelineEvent.AlertRaised
                || e instanceof PipelineEvent.OperatorActed)) {
            checkReminders();
        }
    }

    /**
     * Re-notifies, louder and once per alert, each critical alert nobody has acknowledged for the configured time
     * (Settings, default 10 minutes; measured on the console's clock), and updates the attention count. The window
     * calls it periodically and after each batch of events.
     */
    public void checkReminders() {
        if (remindersLoading) return;
        remindersLoading = true;
        var after = settings.renotifyAfter();
        executor.submit(progress -> queues.unacknowledgedCritical(Duration.ZERO), open -> {
            remindersLoading = false;
            unacknowledgedCritical.set(open.size());
            reminded.retainAll(open.stream().map(ConversationAlert::id).collect(Collectors.toSet()));
            var dueBy = clock.instant().minus(after);
            for (var alert : open) {
                if (alert.createdAt().isAfter(dueBy) || !reminded.add(alert.id())) continue;
                var waited = WhyInReview.duration(Duration.between(alert.createdAt(), clock.instant()));
                var text = "Conversation " + alert.conversationId() + ": " + String.join(", ", alert.categories())
                        + ", raised " + waited + " ago and not acknowledged. Open Human review (Ctrl+1).";
                notifier.urgent("Critical alert still unacknowledged", text);
                announcement.set("Reminder: critical alert still unacknowledged. " + text);
                announcementUrgent.set(true);
            }
            showAttention();
        }, error -> remindersLoading = false);
    }

    private void showAttention() {
        long review = navigation.stream().filter(n -> n.section() == Section.HUMAN_REVIEW).findFirst()
                .map(n -> Math.max(0, n.count().get())).orElse(0L);
        long critical = unacknowledgedCritical.get();
        var parts = new java.util.ArrayList<String>();
        if (critical > 0) parts.add(critical + " critical unacknowledged");
        if (review > 0) parts.add(review + " in review");
        windowTitle.set(parts.isEmpty() ? "Parley" : "Parley — " + String.join(" · ", parts));
        notifier.attention(critical, review);
    }
}
