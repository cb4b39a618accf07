package dev.parley.adapter.ui.queue;

import dev.parley.adapter.ui.common.Command;
import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueCursor;
import dev.parley.application.console.QueueFilter;
import dev.parley.application.console.QueueItem;
import dev.parley.application.console.QueueKind;
import dev.parley.application.console.QueueOrder;
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
    /** Conversations changed since the last read, to be read again once the read in progress is done. */
    private final java.util.Set<Long> pendingConversations = new java.util.HashSet<>();
    private boolean updating;

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
        if (loading.get() || updating) {
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
            reselect(selected);
        });
    }

    private void reselect(QueueRow selected) {
        if (selected == null) return;
        for (int i = 0; i < rows.size(); i++) {
            var item = rows.get(i).item();
            if (item.id() == selected.item().id() && item.source() == selected.item().source()) {
                selectedIndex.set(i);
                return;
            }
        }
        if (selectedIndex.get() >= rows.size()) selectedIndex.set(rows.size() - 1);
    }

    /**
     * A live update (a batch of events about {@code conversations}): only their rows are read again, and put where the
     * queue's order puts them among the rows shown, or taken out when they left the queue; a row that now sorts after
     * the last one loaded waits for "load more". The Failed queue is read again as a whole: its inbox rows may belong
     * to no conversation, and a message that fails raises no event.
     */
    public void refreshConversations(java.util.Set<Long> conversations) {
        if (kind == QueueKind.FAILED || !loadedOnce && !loading.get()) {
            refresh(); // Failed, or never read yet: its first read
            return;
        }
        if (conversations.isEmpty()) return;
        pendingConversations.addAll(conversations);
        if (!loading.get() && !updating) updatePending();
    }

    private void updatePending() {
        var ids = java.util.Set.copyOf(pendingConversations);
        pendingConversations.clear();
        var filter = filter();
        var order = sort.get();
        updating = true;
        executor.submit(progress -> queues.ofConversations(kind, filter, order, ids), items -> {
            updating = false;
            // a new filter or order since: the whole queue is being read again anyway
            if (filter.equals(filter()) && order == sort.get()) merge(ids, items, order);
            afterRead();
        }, error -> {
            updating = false;
            status.set("Could not update the queue: " + error.getClass().getSimpleName());
            afterRead();
        });
    }

    private void merge(java.util.Set<Long> conversations, java.util.List<QueueItem> items, QueueSort order) {
        var comparator = QueueOrder.of(kind, order);
        // rows after the last one loaded are on pages not loaded yet (the next page starts after it)
        var boundary = next != null && !rows.isEmpty() ? rows.getLast().item() : null;
        var selected = selected();
        var now = clock.instant();
        rows.removeIf(r -> conversations.contains(r.item().conversationId()));
        for (var item : items) {
            if (boundary != null && comparator.compare(item, boundary) > 0) continue;
            int low = 0;
            int high = rows.size();
            while (low < high) {
                int middle = (low + high) >>> 1;
                if (comparator.compare(rows.get(middle).item(), item) <= 0) low = middle + 1;
                else high = middle;
            }
            rows.add(low, new QueueRow(item, now));
        }
        reselect(selected);
        showCount();
    }

    private void showCount() {
        status.set(rows.isEmpty() ? "" : rows.size() + (next != null ? "+" : "") + " items");
    }

    /** After a read: a full read asked for meanwhile, else the conversations changed meanwhile. */
    private void afterRead() {
        if (refreshAgain) {
            refreshAgain = false;
            refresh();
        } else if (!pendingConversations.isEmpty()) {
            updatePending();
        }
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
            showCount();
            afterRead();
        }, error -> {
            loading.set(false);
            status.set("Could not load the queue: " + error.getClass().getSimpleName());
            afterRead();
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
