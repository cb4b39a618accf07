package dev.parley.adapter.ui.queue;

import dev.parley.adapter.ui.common.Command;
import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueCursor;
import dev.parley.application.console.QueueFilter;
import dev.parley.application.console.QueueKind;
import dev.parley.application.console.QueuePage;
import dev.parley.application.console.QueueSort;
import dev.parley.application.console.RecordReveal;
import java.time.Clock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** One queue: its rows (paged from the store), filters, selection, and the row actions (open, reveal). */
public final class QueueViewModel {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(QueueViewModel.class);
    private final QueueKind kind;
    private final FindQueues queues;
    private final RecordReveal reveal;
    private final TaskExecutor executor;
    private final Clock clock;
    private final Supplier<String> operator;
    private final ObservableList<QueueRow> rows = FXCollections.observableArrayList();
    private final IntegerProperty selectedIndex = new SimpleIntegerProperty(-1);
    private final StringProperty playbook = new SimpleStringProperty("");
    private final StringProperty state = new SimpleStringProperty("");
    private final StringProperty channel = new SimpleStringProperty();
    private final StringProperty search = new SimpleStringProperty("");
    private final StringProperty alerts = new SimpleStringProperty("");
    private final ObjectProperty<QueueSort> sort;
    private final StringProperty status = new SimpleStringProperty("");
    private final SimpleBooleanProperty loading = new SimpleBooleanProperty(false);
    private final SimpleBooleanProperty hasMore = new SimpleBooleanProperty(false);
    private final ObjectProperty<Consumer<QueueRow>> onOpen = new SimpleObjectProperty<>(row -> { });
    private final Command loadMore;
    private QueueCursor next;
    private boolean refreshAgain;
    private boolean loadedOnce;

    public QueueViewModel(QueueKind kind, FindQueues queues, RecordReveal reveal, TaskExecutor executor, Clock clock,
                          Supplier<String> operator) {
        this.kind = kind;
        this.queues = queues;
        this.reveal = reveal;
        this.executor = executor;
        this.clock = clock;
        this.operator = operator;
        this.sort = new SimpleObjectProperty<>(QueueSort.defaultOf(kind));
        sort.addListener((o, a, b) -> refreshFromTop());
        this.loadMore = new Command(this::loadMore, hasMore.and(loading.not()));
    }

    public QueueKind kind() {
        return kind;
    }

    public ObservableList<QueueRow> rows() {
        return rows;
    }

    public IntegerProperty selectedIndex() {
        return selectedIndex;
    }

    public StringProperty playbook() {
        return playbook;
    }

    public StringProperty state() {
        return state;
    }

    public StringProperty channel() {
        return channel;
    }

    public StringProperty search() {
        return search;
    }

    /** Unresolved alerts filter: "" (any row), or one of {@link QueueFilter#ALERT_FILTERS}. */
    public StringProperty alerts() {
        return alerts;
    }

    /** The order the whole queue is read in (from the store, never a sort of the loaded rows). */
    public ObjectProperty<QueueSort> sort() {
        return sort;
    }

    /** O: the next order this queue offers (the first again after the last). */
    public void nextSort() {
        var sorts = sorts();
        sort.set(sorts.get((sorts.indexOf(sort.get()) + 1) % sorts.size()));
        status.set("Sorted: " + sort.get().label(kind));
    }

    /** The orders this queue offers. */
    public java.util.List<QueueSort> sorts() {
        return QueueSort.of(kind);
    }

    public StringProperty status() {
        return status;
    }

    public ReadOnlyBooleanProperty loading() {
        return loading;
    }

    public Command loadMoreCommand() {
        return loadMore;
    }

    public void setOnOpen(Consumer<QueueRow> open) {
        onOpen.set(open);
    }

    QueueFilter filter() {
        return new QueueFilter(playbook.get(), state.get(), channel.get(), search.get(), alerts.get());
    }

    /** Reloads from the top, keeping as many rows as are loaded now and the selected item. */
    public void refresh() {
        if (loading.get()) {
            refreshAgain = true;
            return;
        }
        int limit = Math.max(FindQueues.PAGE_SIZE, Math.min(rows.size(), 1000));
        var filter = filter();
        var order = sort.get();
        load(() -> queues.page(kind, filter, order, null, limit), page -> {
            var selected = selected();
            rows.setAll(page.items().stream().map(i -> new QueueRow(i, clock.instant())).toList());
            next = page.next();
            if (selected != null) {
                for (int i = 0; i < rows.size(); i++) {
                    if (rows.get(i).item().id() == selected.item().id()) selectedIndex.set(i);
                }
            }
        });
    }

    /** A new order or filter: the first page again, from the top, nothing selected. */
    public void refreshFromTop() {
        rows.clear();
        selectedIndex.set(-1);
        refresh();
    }

    private void loadMore() {
        var after = next;
        var filter = filter();
        var order = sort.get();
        load(() -> queues.page(kind, filter, order, after, FindQueues.PAGE_SIZE), page -> {
            rows.addAll(page.items().stream().map(i -> new QueueRow(i, clock.instant())).toList());
            next = page.next();
        });
    }

    private void load(Supplier<QueuePage> query, Consumer<QueuePage> apply) {
        loading.set(true);
        long started = System.nanoTime();
        executor.submit(progress -> query.get(), page -> {
            if (!loadedOnce) {
                loadedOnce = true;
                LOG.info("console: first page of {} ({} rows) in {} ms", kind, page.items().size(),
                        (System.nanoTime() - started) / 1_000_000);
            }
            apply.accept(page);
            hasMore.set(next != null);
            loading.set(false);
            status.set(rows.isEmpty() ? "" : rows.size() + (next != null ? "+" : "") + " items");
            if (refreshAgain) {
                refreshAgain = false;
                refresh();
            }
        }, error -> {
            loading.set(false);
            status.set("Could not load the queue: " + error.getClass().getSimpleName());
        });
    }

    public QueueRow selected() {
        int i = selectedIndex.get();
        return i >= 0 && i < rows.size() ? rows.get(i) : null;
    }

    /** J: the next row (loading the next page at the end). */
    public void selectNext() {
        if (rows.isEmpty()) return;
        if (selectedIndex.get() >= rows.size() - 1) {
            loadMore.execute();
            return;
        }
        selectedIndex.set(selectedIndex.get() + 1);
    }

    /** K: the previous row. */
    public void selectPrevious() {
        if (rows.isEmpty()) return;
        selectedIndex.set(Math.max(0, selectedIndex.get() - 1));
    }

    /** Enter: opens the selected row's conversation. */
    public void openSelected() {
        var row = selected();
        if (row != null && row.item().conversationId() > 0) onOpen.get().accept(row);
    }

    /** Shows the selected row's contact and text unmasked, recording who looked in the audit log first. */
    public void revealSelected() {
        var row = selected();
        if (row == null || row.revealed().get()) return;
        var who = operator.get();
        var target = row.item().source().auditTarget();
        executor.submit(progress -> {
            reveal.reveal(target, row.item().id(), kind.name(), who);
            return null;
        }, ok -> row.reveal(), error -> status.set("Not revealed: " + error.getMessage()));
    }

    /** The empty-state text of this queue. */
    public String emptyText() {
        return switch (kind) {
            case HUMAN_REVIEW -> "Nothing waits for a decision. Conversations with a critical or review-tier alert, or "
                    + "that the automation could not handle (an unclear reply), appear here by themselves, most urgent "
                    + "first.";
            case OPPORTUNITIES -> "No opportunities. High-value discoveries (a family bible, original photos, …) "
                    + "appear here; automation carries on with them.";
            case ESCALATIONS -> "No escalations. When a playbook asks an operator a question, it waits here "
                    + "until someone answers.";
            case HELD -> "No held or filtered messages. Outgoing messages stopped by a safety check, or scheduled "
                    + "for after the recipient's quiet hours, appear here with their reason.";
            case ALL -> "No conversations yet. Messages POSTed to the listener start them.";
            case FAILED -> "Nothing failed. Messages that could not be processed wait here for a retry; outgoing "
                    + "messages that were not delivered, or may not have been, wait to be marked sent or sent again.";
        };
    }
}
