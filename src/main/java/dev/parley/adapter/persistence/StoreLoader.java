package dev.parley.adapter.persistence;

import dev.parley.domain.contact.Contact;
import dev.parley.domain.conversation.AuditEntry;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.conversation.ConversationTask;
import dev.parley.domain.conversation.ScheduledJob;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.Message;
import dev.parley.domain.message.OutboxEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * Writes whole rows, ids included, into an empty store with batched JDBC: the demo's pipeline run (computed on the
 * in-memory store) is copied this way, as fast as the database takes inserts. A row must come no later than its
 * children; rows are held back (up to {@link #HOLD}) and written table by table in id order (see {@link #release});
 * {@link #finish()} moves the identity columns past the written ids and fills the console's read model (queue
 * columns; the search terms are written with the rows).
 */
public final class StoreLoader implements AutoCloseable {
    private static final int BATCH = 2000;
    /**
     * Rows held before they are written in id order: about 200 MB of heap at most; the 10,000-conversation demo
     * (about 360,000 rows besides its search terms) is written in one go at the end, the 100,000 one in four.
     */
    static final int HOLD = 1_000_000;
    private final Connection c;
    private final List<PreparedStatement> order = new ArrayList<>();
    private final PreparedStatement contact;
    private final PreparedStatement conversation;
    private final PreparedStatement message;
    private final PreparedStatement event;
    private final PreparedStatement alert;
    private final PreparedStatement outbox;
    private final PreparedStatement task;
    private final PreparedStatement job;
    private final PreparedStatement audit;
    private final PreparedStatement inbox;
    private final PreparedStatement terms;
    private int pending;
    /** Rows held back to be written in id order ({@link #set}), per statement, and how many. */
    private final java.util.Map<PreparedStatement, List<Object[]>> held = new java.util.HashMap<>();
    private int heldRows;
    private final int hold;
    /** How long {@link #finish()}'s steps took (for the demo's figures), in ms. */
    private Steps steps;
    private long termId;
    private long termsOf = -1;
    private final java.util.Set<String> termsSeen = new java.util.HashSet<>();

    /** The tables this loader fills. */
    private static final List<String> TABLES = List.of("contacts", "conversations", "messages",
            "conversation_events", "alerts", "outbox", "tasks", "scheduled_jobs", "audit_log", "inbox", "search_terms");
    /** The secondary indexes of the loaded tables, dropped while loading, to build again at the end. */
    private final DeferredIndexes deferredIndexes;
    /**
     * Statements that set the load's values ({@link #bulkSettings}), run again at every release and before the index
     * builds: H2 applies a URL's settings to the whole database each time a connection opens (the store's URL sets
     * {@code CACHE_SIZE} and {@code WRITE_DELAY}, {@link H2FileStore#url}), so a connection the pool opens during a
     * long load (HikariCP replaces an idle one after its 30-minute lifetime) would put the store's values back.
     */
    private final List<String> load;
    /** Statements that put back the store's own settings changed for the load (run once, by finish or close). */
    private List<String> restore;

    /**
     * Opens a loader on {@code dataSource}; refuses a store that already holds conversations. On H2 the loaded tables'
     * own secondary indexes (not those of constraints) are dropped until {@link #finish()} builds them again: H2
     * then sorts each index once instead of inserting and committing every entry of it row by row (on the 100,000
     * conversation demo, 18 million index entries). A load cut short leaves a store without them: delete it.
     */
    public static StoreLoader open(DataSource dataSource) throws SQLException {
        return open(dataSource, HOLD);
    }

    /** As {@link #open(DataSource)}, holding at most {@code hold} rows before writing them in id order. */
    static StoreLoader open(DataSource dataSource, int hold) throws SQLException {
        if (hold < 1) throw new IllegalArgumentException("hold < 1");
        var c = dataSource.getConnection();
        try {
            c.setAutoCommit(false);
            try (var st = c.createStatement(); var rs = st.executeQuery("select count(*) from conversations")) {
                rs.next();
                if (rs.getLong(1) > 0) throw new IllegalStateException("the store is not empty");
            }
            boolean h2 = "H2".equals(c.getMetaData().getDatabaseProductName());
            var deferred = h2 ? DeferredIndexes.drop(c, TABLES) : DeferredIndexes.none();
            var settings = h2 ? bulkSettings(c) : new BulkSettings(List.of(), List.of());
            c.commit();
            return new StoreLoader(c, deferred, settings, hold);
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /**
     * H2's page cache while loading, in KB: an eighth of the heap (the demo's in-memory stores hold several GB of it),
     * at most 1 GB. H2's default (16 MB) is small for a bulk load of hundreds of MB: commits and the deferred index
     * builds then read evicted pages back.
     */
    static long loadCacheKb() {
        return Math.max(16L * 1024, Math.min(1024L * 1024, Runtime.getRuntime().maxMemory() / 8 / 1024));
    }

    /**
     * H2's write delay while loading, in ms. The store's own (0: every commit written to the file at once, ADR 0001)
     * makes H2 serialise every page a 2,000-row batch touched again at each commit, a third of the writer's CPU at
     * 10,000 conversations; a load cut short leaves a store to delete anyway, so nothing is lost by writing less
     * often. H2's background writer stores the changes instead, at most this long after them.
     */
    static final int LOAD_WRITE_DELAY_MS = 1000;

    /**
     * Sets H2's page cache ({@link #loadCacheKb}) and write delay ({@link #LOAD_WRITE_DELAY_MS}) for the load; returns
     * the statements that put the store's own values back (H2 keeps both in the database, so {@link #finish} and
     * {@link #close} restore them).
     */
    private static BulkSettings bulkSettings(Connection c) throws SQLException {
        var load = new ArrayList<String>();
        var restore = new ArrayList<String>();
        var cacheMb = setting(c, "info.CACHE_MAX_SIZE");
        long loadKb = loadCacheKb();
        if (cacheMb != null && loadKb > cacheMb * 1024) {
            load.add("SET CACHE_SIZE " + loadKb);
            restore.add("SET CACHE_SIZE " + cacheMb * 1024);
        }
        var writeDelay = setting(c, "WRITE_DELAY");
        if (writeDelay != null && writeDelay < LOAD_WRITE_DELAY_MS) {
            load.add("SET WRITE_DELAY " + LOAD_WRITE_DELAY_MS);
            restore.add("SET WRITE_DELAY " + writeDelay);
        }
        var settings = new BulkSettings(List.copyOf(load), List.copyOf(restore));
        execute(c, settings.load());
        return settings;
    }

    /** The statements that set the load's values, and those that put the store's own back. */
    private record BulkSettings(List<String> load, List<String> restore) {
    }

    private static void execute(Connection c, List<String> statements) throws SQLException {
        try (var st = c.createStatement()) {
            for (var sql : statements) st.execute(sql);
        }
    }

    /** The store's current value of an H2 setting (the first row H2 lists for it), or null when it has none. */
    private static Long setting(Connection c, String name) throws SQLException {
        try (var st = c.prepareStatement("select setting_value from information_schema.settings "
                + "where setting_name = ?")) {
            st.setString(1, name);
            try (var rs = st.executeQuery()) {
                return rs.next() ? Long.parseLong(rs.getString(1).trim()) : null;
            }
        }
    }

    private StoreLoader(Connection c, DeferredIndexes deferredIndexes, BulkSettings settings, int hold)
            throws SQLException {
        this.c = c;
        this.hold = hold;
        this.deferredIndexes = deferredIndexes;
        this.load = settings.load();
        this.restore = settings.restore();
        contact = prepare("insert into contacts (id, channel, address, display_name, status, status_since, "
                + "status_reason, status_by, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        conversation = prepare("insert into conversations (id, channel, conv_key, playbook, state, contact_id, "
                + "automation_paused, critical_alert_tags, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        message = prepare("insert into messages (id, conversation_id, direction, provider_id, text, reply_to, sent_at, "
                + "received_at, status, data, actor) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        event = prepare("insert into conversation_events (id, conversation_id, type, from_state, to_state, "
                + "trigger_name, detail, actor, at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        alert = prepare("insert into alerts (id, conversation_id, contact_id, message_id, severity, categories, "
                + "pattern_ids, source, status, created_at, handled_by, handled_at, acknowledged_by, acknowledged_at, "
                + "resolved_by, resolved_at, resolution_note, reasons) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                + "?, ?, ?)");
        outbox = prepare("insert into outbox (id, conversation_id, contact_id, cause, purpose, text, status, reason, "
                + "attempts, next_attempt_at, operator_explicit, actor, created_at, sent_at) values "
                + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        task = prepare("insert into tasks (id, conversation_id, message_id, text, kind, status, created_at) values "
                + "(?, ?, ?, ?, ?, ?, ?)");
        job = prepare("insert into scheduled_jobs (id, kind, conversation_id, trigger_name, state, due_at, status, "
                + "attempts, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)");
        audit = prepare("insert into audit_log (id, actor, action, target_type, target_id, detail, at) values "
                + "(?, ?, ?, ?, ?, ?, ?)");
        inbox = prepare("insert into inbox (id, channel, provider_id, conversation_key, sender, recipient, text, "
                + "reply_to, sent_at, playbook, sender_name, status, attempts, error, received_at, next_attempt_at) "
                + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        // explicit ids: drawing each from the identity costs H2 a sequence flush (a commit) every 32 rows
        terms = prepare("insert into search_terms (id, term, conversation_id) values (?, ?, ?)");
    }

    private PreparedStatement prepare(String sql) throws SQLException {
        var st = c.prepareStatement(sql);
        order.add(st);
        return st;
    }

    public void contact(Contact x, Instant createdAt) throws SQLException {
        set(contact, x.id(), x.channel(), x.address(), x.displayName(), x.status().name(), ts(x.statusSince()),
                x.statusReason(), x.statusBy(), ts(createdAt));
    }

    /** A conversation with its contact's address and name, which become searchable. */
    public void conversation(Conversation x, String address, String displayName) throws SQLException {
        set(conversation, x.id(), x.channel(), x.key(), x.playbook(), x.state(), x.contactId(), x.automationPaused(),
                x.criticalAlertTags(), ts(x.createdAt()), ts(x.updatedAt()));
        terms(x.id(), SearchIndex.conversationTerms(x.key(), address, displayName));
    }

    /** A message; inbound text and operator replies become searchable. */
    public void message(Message x, String actor) throws SQLException {
        set(message, x.id(), x.conversationId(), x.direction().name(), x.providerId(), x.text(), x.replyTo(),
                ts(x.sentAt()), ts(x.receivedAt()), x.status(), x.dataJson(), actor);
        if (x.direction() == Direction.IN || (actor != null && !TimelineEvent.SYSTEM_ACTOR.equals(actor))) {
            terms(x.conversationId(), SearchTerms.of(x.text()));
        }
    }

    public void event(TimelineEvent x) throws SQLException {
        set(event, x.id(), x.conversationId(), x.type(), x.fromState(), x.toState(), x.trigger(), x.detailJson(),
                x.actor(), ts(x.at()));
    }

    public void alert(ConversationAlert x) throws SQLException {
        var h = x.handling();
        set(alert, x.id(), x.conversationId(), x.contactId(), x.messageId(), x.severity().wire(),
                JsonColumns.write(x.categories()), JsonColumns.write(x.patternIds()), x.source(), x.status(),
                ts(x.createdAt()), x.handledBy(), ts(x.handledAt()), h.acknowledgedBy(), ts(h.acknowledgedAt()),
                h.resolvedBy(), ts(h.resolvedAt()), h.resolutionNote(), x.reasons());
    }

    public void outbox(OutboxEntry x) throws SQLException {
        set(outbox, x.id(), x.conversationId(), x.contactId(), x.cause(), x.purpose(), x.text(), x.status().name(),
                x.reason(), x.attempts(), ts(x.nextAttemptAt()), x.operatorExplicit(), x.actor(), ts(x.createdAt()),
                ts(x.sentAt()));
    }

    public void task(ConversationTask x) throws SQLException {
        set(task, x.id(), x.conversationId(), x.messageId(), x.text(), x.kind(), x.status(), ts(x.createdAt()));
    }

    public void job(ScheduledJob x, Instant createdAt) throws SQLException {
        set(job, x.id(), x.kind(), x.conversationId(), x.trigger(), x.state(), ts(x.dueAt()), x.status(), x.attempts(),
                ts(createdAt));
    }

    public void audit(AuditEntry x) throws SQLException {
        set(audit, x.id(), x.actor(), x.action(), x.targetType(), x.targetId(), x.detailJson(), ts(x.at()));
    }

    public void inbox(InboxEntry x) throws SQLException {
        var m = x.message();
        set(inbox, x.id(), m.channel(), m.providerId(), m.conversationKey(), m.from(), m.to(), m.text(), m.replyTo(),
                ts(m.sentAt() != null ? m.sentAt() : x.receivedAt()), m.playbook(), m.senderName(), x.status().name(),
                x.attempts(), x.error(), ts(x.receivedAt()), ts(x.nextAttemptAt()));
    }

    /** One row per term and conversation (rows come conversation by conversation; a repeat is skipped). */
    private void terms(long conversationId, java.util.Collection<String> words) throws SQLException {
        if (conversationId != termsOf) {
            termsOf = conversationId;
            termsSeen.clear();
        }
        for (var term : words) {
            if (termsSeen.add(term)) set(terms, ++termId, term, conversationId);
        }
    }

    /**
     * Holds a row (its values, id first) until {@link #release} writes the held rows table by table in id order; a
     * search term row is written at once (its ids are issued in order already).
     */
    private void set(PreparedStatement st, Object... values) throws SQLException {
        if (st == terms) {
            write(st, values);
            return;
        }
        held.computeIfAbsent(st, k -> new ArrayList<>()).add(values);
        if (++heldRows >= hold) release();
    }

    /**
     * Writes the held rows, parents' tables first (foreign keys) and each table's rows in id order, so each B-tree
     * page they land on is changed once per release rather than once per row (the demo's ids are interleaved: a
     * conversation's rows reach the loader when it ends, long after rows with higher ids of shorter ones).
     */
    private void release() throws SQLException {
        execute(c, load);
        for (var st : order) {
            var rows = held.remove(st);
            if (rows == null) continue;
            rows.sort(BY_ID);
            for (var values : rows) write(st, values);
        }
        heldRows = 0;
    }

    private static final java.util.Comparator<Object[]> BY_ID = java.util.Comparator.comparingLong(
            values -> ((Number) values[0]).longValue());

    private void write(PreparedStatement st, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            var v = values[i];
            if (v == null) st.setNull(i + 1, Types.NULL);
            else st.setObject(i + 1, v);
        }
        st.addBatch();
        if (++pending >= BATCH) send();
    }

    /** Writes the held rows ({@link #release}), sends the batches, parents before children, and commits. */
    private void flush() throws SQLException {
        release();
        send();
    }

    /** Sends the batches, parents before children (foreign keys), and commits. */
    private void send() throws SQLException {
        for (var st : order) st.executeBatch();
        pending = 0;
        c.commit();
    }

    /** Flushes, builds the indexes dropped at the start, moves each identity past its rows, fills the read model. */
    public void finish() throws SQLException {
        long started = System.nanoTime();
        flush();
        long written = System.nanoTime();
        execute(c, load);
        deferredIndexes.createAgain(c);
        long indexed = System.nanoTime();
        for (var table : TABLES) {
            try (var st = c.createStatement(); var rs = st.executeQuery("select coalesce(max(id), 0) + 1 from "
                    + table)) {
                rs.next();
                st.execute("alter table " + table + " alter column id restart with " + rs.getLong(1));
            }
        }
        QueueReadModel.refreshAll(c);
        c.commit();
        restoreSettings();
        steps = new Steps((written - started) / 1_000_000, (indexed - written) / 1_000_000,
                (System.nanoTime() - indexed) / 1_000_000);
    }

    /**
     * How long {@link #finish()} took, in ms: writing the rows still held, building the deferred indexes, and the
     * identities with the console's read model.
     */
    public record Steps(long lastRowsMillis, long indexesMillis, long readModelMillis) {
    }

    /** The steps of {@link #finish()}, once it has run. */
    public Steps steps() {
        if (steps == null) throw new IllegalStateException("not finished");
        return steps;
    }

    private void restoreSettings() throws SQLException {
        var statements = restore;
        restore = List.of();
        execute(c, statements);
        c.commit();
    }

    private static Timestamp ts(Instant at) {
        return at == null ? null : Timestamp.from(at);
    }

    @Override
    public void close() throws SQLException {
        try {
            for (var st : order) st.close();
            if (!restore.isEmpty()) {
                c.rollback();
                restoreSettings();
            }
        } finally {
            c.close();
        }
    }
}
