package dev.parley.adapter.ui;

import dev.parley.adapter.ui.common.EventBatcher;
import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.adapter.ui.conversation.ConversationView;
import dev.parley.adapter.ui.conversation.ConversationViewModel;
import dev.parley.adapter.ui.conversation.StartConversationDialog;
import dev.parley.adapter.ui.catalogue.CatalogueView;
import dev.parley.adapter.ui.catalogue.CatalogueViewModel;
import dev.parley.adapter.ui.dashboard.DashboardView;
import dev.parley.adapter.ui.escalation.EscalationsView;
import dev.parley.adapter.ui.escalation.EscalationsViewModel;
import dev.parley.adapter.ui.dashboard.DashboardViewModel;
import dev.parley.adapter.ui.queue.QueueAction;
import dev.parley.adapter.ui.queue.QueueRow;
import dev.parley.adapter.ui.replay.ReplayView;
import dev.parley.adapter.ui.replay.ReplayViewModel;
import dev.parley.adapter.ui.settings.CannedRepliesEditor;
import dev.parley.adapter.ui.settings.SafetyPolicyEditor;
import dev.parley.adapter.ui.settings.SafetyPolicyViewModel;
import dev.parley.adapter.ui.settings.CannedRepliesViewModel;
import dev.parley.adapter.ui.settings.SettingsView;
import dev.parley.adapter.ui.settings.AlertThresholdsViewModel;
import dev.parley.adapter.ui.settings.SettingsViewModel;
import dev.parley.adapter.ui.shell.MainView;
import dev.parley.adapter.ui.shell.MainViewModel;
import dev.parley.adapter.ui.shell.Section;
import dev.parley.adapter.ui.shell.Shortcuts;
import dev.parley.application.console.QueueItem;
import dev.parley.application.console.QueueKind;
import dev.parley.domain.message.OutboxStatus;
import java.time.Duration;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.TextInputDialog;
import javafx.stage.Stage;

/** Builds the main window from a {@link ConsoleContext}: view-models, views, theme, shortcuts, live events. */
public final class ConsoleWindow implements AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ConsoleWindow.class);
    private final ConsoleContext context;
    private final MainViewModel model;
    private final MainView view;
    private final EventBatcher events;
    private final Scene scene;
    private ConversationView conversation;
    private ConversationViewModel conversationModel;
    private final javafx.animation.Timeline reminders;
    /** Team mode: the status bar's link to the shared store, read every second (it changes with no event). */
    private final javafx.animation.Timeline teamStatus;
    private SettingsViewModel settingsModel;
    private EscalationsViewModel escalations;

    public ConsoleWindow(ConsoleContext context) {
        this.context = context;
        this.model = new MainViewModel(context.queues(), context.reveal(), context.executor(), context.notifier(),
                context.settings(), context.clock());
        model.setModelHealth(context.modelHealth());
        model.setStoreLink(context.storeLink());
        this.view = new MainView(model, this::otherView, this::queueActions, context.version(), this::showShortcuts);
        this.scene = new Scene(view.root(), 1280, 800);
        Themes.apply(scene, context.settings().theme());
        Themes.applyTextSize(scene, context.settings().textSize());
        model.setOnOpenConversation(this::openConversation);
        new Shortcuts(this::onShortcut).install(scene);
        this.events = new EventBatcher(Platform::runLater, this::onEvents).start(Duration.ofMillis(100));
        context.subscribe().accept(events);
        // reminders of unacknowledged critical alerts are measured on the console's clock; this only polls
        reminders = new javafx.animation.Timeline(new javafx.animation.KeyFrame(javafx.util.Duration.seconds(15),
                e -> model.checkReminders()));
        reminders.setCycleCount(javafx.animation.Animation.INDEFINITE);
        teamStatus = new javafx.animation.Timeline(new javafx.animation.KeyFrame(javafx.util.Duration.seconds(1),
                e -> model.refreshTeamStatus()));
        teamStatus.setCycleCount(javafx.animation.Animation.INDEFINITE);
    }

    /** Puts the window on {@code stage} and loads the first queue; asks for the operator name if unknown. */
    public void show(Stage stage) {
        long started = System.nanoTime();
        var first = model.queue(model.section().get().queue());
        first.loading().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Boolean> o, Boolean was, Boolean now) {
                if (!now) {
                    first.loading().removeListener(this);
                    LOG.info("console: window shown with the first page of {} ({} rows) in {} ms, {} ms after JVM "
                            + "start", first.kind(), first.rows().size(), (System.nanoTime() - started) / 1_000_000,
                            System.currentTimeMillis() - java.lang.management.ManagementFactory.getRuntimeMXBean()
                                    .getStartTime());
                }
            }
        });
        // queries first: the store works while the window lays itself out
        view.start();
        model.refreshCounts();
        model.checkReminders();
        reminders.play();
        if (context.storeLink().get().shared()) teamStatus.play();
        stage.titleProperty().bind(model.windowTitle());
        stage.getIcons().addAll(windowIcons());
        stage.setScene(scene);
        stage.setMinWidth(960);
        stage.setMinHeight(600);
        stage.show();
        LOG.info("console: window shown in {} ms", (System.nanoTime() - started) / 1_000_000);
        if (model.needsOperatorName()) Platform.runLater(this::askOperatorName);
    }

    /** The application icon in the sizes window managers and task bars pick from (installer/icons). */
    private static java.util.List<javafx.scene.image.Image> windowIcons() {
        var icons = new java.util.ArrayList<javafx.scene.image.Image>();
        for (int size : new int[] {16, 32, 48, 64, 128, 256}) {
            var url = ConsoleWindow.class.getResource("/icons/parley-" + size + ".png");
            if (url != null) icons.add(new javafx.scene.image.Image(url.toExternalForm()));
        }
        return icons;
    }

    public MainViewModel model() {
        return model;
    }

    public Scene scene() {
        return scene;
    }

    private void askOperatorName() {
        var dialog = new TextInputDialog(System.getProperty("user.name", ""));
        dialog.initOwner(scene.getWindow());
        dialog.setTitle("Welcome to Parley");
        dialog.setHeaderText("Your name is recorded with every action you take (audit log).");
        dialog.setContentText("Operator name:");
        dialog.showAndWait().ifPresent(model::setOperatorName);
    }

    /** One batch of pipeline events: the queues, and the open conversation when it is concerned. */
    private void onEvents(java.util.List<dev.parley.application.PipelineEvent> batch) {
        // Presence (team mode) changes nothing in the store: it goes to the open conversation only, no reload.
        var changes = batch.stream().filter(e -> !(e instanceof dev.parley.application.PipelineEvent.OperatorPresent)
                && !(e instanceof dev.parley.application.PipelineEvent.ModelTurn)).toList();
        var open = conversationModel;
        if (open != null) open.onPresence(batch);
        if (batch.stream().anyMatch(e -> e instanceof dev.parley.application.PipelineEvent.ModelTurn)) {
            // a model call waits for its turn, or got it: the status bar says how many wait (nothing reloads)
            model.refreshModelStatus();
        }
        if (changes.isEmpty()) return;
        // StoreChanged: the store changed unseen (team mode, live events lost or back): everything shown is read again
        boolean everything = changes.stream().anyMatch(e -> e instanceof dev.parley.application.PipelineEvent
                .StoreChanged);
        // the open conversation first: it is what the operator looks at
        var aboutOpen = open == null ? List.<dev.parley.application.PipelineEvent>of() : changes.stream()
                .filter(e -> e.conversationId() == open.conversationId()).toList();
        if (everything || aboutOpen.stream().anyMatch(e -> !claimOnly(e))) {
            if (open != null) open.load();
        } else if (!aboutOpen.isEmpty()) {
            open.loadClaim(); // a claim taken or released changes nothing else the view shows
        }
        model.onEvents(changes);
        if (escalations != null && (everything || changes.stream().anyMatch(e -> e instanceof
                dev.parley.application.PipelineEvent.EscalationChanged
                || e instanceof dev.parley.application.PipelineEvent.OutboxChanged))) {
            escalations.refresh();
        }
    }

    private static boolean claimOnly(dev.parley.application.PipelineEvent event) {
        return event instanceof dev.parley.application.PipelineEvent.OperatorActed acted
                && (acted.action().equals("claim") || acted.action().equals("release"));
    }

    private void openConversation(long id) {
        var vm = new ConversationViewModel(context, id, model.operator()::get);
        conversationModel = vm;
        conversation = new ConversationView(vm, this::closeConversation);
        view.showOverlay(conversation.root());
        vm.load();
    }

    private void closeConversation() {
        if (conversationModel != null) conversationModel.leave();
        if (conversation != null) conversation.close();
        conversation = null;
        conversationModel = null;
        view.closeOverlay();
        model.refreshAll();
    }

    private Parent otherView(Section section) {
        return switch (section) {
            case REPLAY -> new ReplayView(new ReplayViewModel(context.replay(), context.executor())).root();
            case DASHBOARD -> {
                var vm = new DashboardViewModel(context.queues(), context.executor(), context.journeys());
                vm.refresh();
                yield new DashboardView(vm).root();
            }
            case ESCALATIONS -> {
                var vm = new EscalationsViewModel(context.replyTool(), context.executor(), context.clock(),
                        model.operator()::get, this::openConversation, new dev.parley.adapter.ui.journey.JourneyViewModel(
                                context.journeys(), context.executor(), model.operator()::get));
                escalations = vm;
                vm.refresh();
                yield new EscalationsView(vm).root();
            }
            case CATALOGUE -> {
                var vm = new CatalogueViewModel(context.catalog(), context.executor(), model.operator()::get);
                vm.refresh();
                yield new CatalogueView(vm).root();
            }
            case SETTINGS -> {
                var vm = new SettingsViewModel(context.settings(), context.configuration(), context.patternTester(),
                        model.operator(), context.modelEndpoints(), context.executor());
                settingsModel = vm;
                vm.textSize().addListener((o, a, size) -> Themes.applyTextSize(scene, size));
                var settings = new SettingsView(vm, new AlertThresholdsViewModel(context.alertThresholds()),
                        theme -> Themes.apply(scene, theme));
                if (context.safety() != null) {
                    settings.addSection(new SafetyPolicyEditor(new SafetyPolicyViewModel(context.safety().policy(),
                            context.executor())).root());
                }
                if (context.cannedReplies() != null) {
                    settings.addSection(new CannedRepliesEditor(new CannedRepliesViewModel(context.cannedReplies(),
                            context.executor())).root());
                }
                yield settings.root();
            }
            default -> throw new IllegalArgumentException(section.name());
        };
    }

    /**
     * The queues' actions. Held: a held inbound message is released, an outgoing one scheduled for later is cancelled.
     * Failed: an inbox row is put back in line; an outbox row of unknown delivery is marked sent (after the operator
     * checked with the provider) or, like a failed one, sent again. All audited by the use cases.
     */
    private List<QueueAction> queueActions(Section section) {
        if (section == Section.HELD) {
            // Seed 002: an operator reviews a message the validator holds back and releases it to automation, or
            // cancels an outgoing one quiet hours hold for later (issue 35).
            return List.of(new QueueAction("release-message", "Release", row -> row.item().source()
                    == QueueItem.Source.MESSAGE, row -> act("Release", () -> context.safety().release()
                    .release(row.item().id(), model.operator().get()))),
                    new QueueAction("cancel-scheduled", "Cancel send", row -> row.item().source()
                            == QueueItem.Source.OUTBOX && row.item().status().startsWith("SCHEDULED"),
                            row -> act("Cancel send", () -> context.undelivered().cancelScheduled(row.item().id(),
                                    model.operator().get()))));
        }
        if (section != Section.FAILED) return List.of();
        return List.of(
                new QueueAction("retry-inbox", "Retry", row -> row.item().source() == QueueItem.Source.INBOX,
                        row -> act("Retry", () -> context.retry().retry(row.item().id(), model.operator().get()))),
                new QueueAction("mark-sent", "Mark sent", row -> row.item().source() == QueueItem.Source.OUTBOX
                        && row.item().status().startsWith(OutboxStatus.DELIVERY_UNKNOWN.name()), this::markSent),
                new QueueAction("send-again", "Send again", row -> row.item().source() == QueueItem.Source.OUTBOX,
                        row -> act("Send again", () -> context.undelivered().sendAgain(row.item().id(),
                                model.operator().get()))));
    }

    private void markSent(QueueRow row) {
        var dialog = new javafx.scene.control.TextInputDialog();
        dialog.initOwner(scene.getWindow());
        dialog.setTitle("Mark sent");
        dialog.setHeaderText("Mark this message as sent? Only when the provider shows it was delivered.");
        dialog.setContentText("Provider's message id (optional):");
        dialog.showAndWait().ifPresent(providerId -> act("Mark sent", () -> context.undelivered().markSent(
                row.item().id(), providerId.isBlank() ? null : providerId.strip(), model.operator().get())));
    }

    private void act(String what, Runnable action) {
        context.executor().submit(p -> {
            action.run();
            return null;
        }, ok -> model.refreshAll(), e -> model.status().set(what + " failed: " + e.getMessage()));
    }

    private void showShortcuts() {
        Shortcuts.showHelp(scene.getWindow());
    }

    private void startConversation() {
        new StartConversationDialog(scene.getWindow(), context, model.operator()::get, this::openConversation)
                .show();
    }

    private boolean onShortcut(Shortcuts.Action action) {
        var queue = view.currentQueue();
        var queueModel = queue == null ? null : model.queue(model.section().get().queue());
        switch (action) {
            case NEXT -> { if (queueModel == null) return false; queueModel.selectNext(); }
            case PREVIOUS -> { if (queueModel == null) return false; queueModel.selectPrevious(); }
            case OPEN -> { if (queueModel == null) return false; queueModel.openSelected(); }
            case REVEAL -> { if (queueModel == null) return false; queueModel.revealSelected(); }
            case SEARCH -> { if (queue == null) return false; queue.focusSearch(); }
            case SORT -> { if (queueModel == null) return false; queueModel.nextSort(); }
            case LOAD_MORE -> { if (queueModel == null) return false; queueModel.loadMoreCommand().execute(); }
            case RETRY -> {
                // the Failed queue's first action that applies to the selected row (Retry, or Send again)
                var row = queueModel == null ? null : queueModel.selected();
                if (row == null) return false;
                var queueAction = queueActions(model.section().get()).stream().filter(a -> a.appliesTo().test(row))
                        .filter(a -> !a.id().equals("mark-sent")).findFirst();
                if (queueAction.isEmpty()) return false;
                queueAction.get().run().accept(row);
            }
            case REPLY -> { if (conversation == null) return false; conversation.focusReply(); }
            case UNBLOCK -> { if (conversation == null) return false; conversation.unblock(); }
            case ACKNOWLEDGE -> { if (conversation == null) return false; conversation.acknowledge(); }
            case RESOLVE -> { if (conversation == null) return false; conversation.resolve(); }
            case DESIST -> { if (conversation == null) return false; conversation.desist(); }
            case BACK -> {
                if (conversation != null) {
                    closeConversation();
                } else if (!model.announcement().get().isEmpty()) {
                    model.dismissAnnouncement();
                } else {
                    return false;
                }
            }
            case NEW_CONVERSATION -> startConversation();
            case HELP -> showShortcuts();
            case REFRESH -> model.refreshAll();
            case SAVE -> {
                if (settingsModel == null || model.section().get() != Section.SETTINGS) return false;
                settingsModel.save();
            }
            case TEXT_LARGER, TEXT_SMALLER, TEXT_NORMAL -> textSize(action);
            default -> {
                int index = action.ordinal() - Shortcuts.Action.SECTION_1.ordinal();
                if (index < 0 || index >= Section.values().length) return false;
                model.section().set(Section.values()[index]);
            }
        }
        return true;
    }

    /** Ctrl++ / Ctrl+- / Ctrl+0: one step larger or smaller, or normal; kept like the Settings choice. */
    private void textSize(Shortcuts.Action action) {
        var sizes = dev.parley.adapter.ui.settings.FileConsoleSettings.TEXT_SIZES;
        int now = Math.max(0, sizes.indexOf(context.settings().textSize()));
        int next = switch (action) {
            case TEXT_LARGER -> Math.min(sizes.size() - 1, now + 1);
            case TEXT_SMALLER -> Math.max(0, now - 1);
            default -> 0;
        };
        context.settings().setTextSize(sizes.get(next));
        Themes.applyTextSize(scene, sizes.get(next));
        if (settingsModel != null) settingsModel.textSize().set(sizes.get(next));
        model.status().set("Text size: " + sizes.get(next));
    }

    @Override
    public void close() {
        reminders.stop();
        teamStatus.stop();
        events.close();
    }
}
