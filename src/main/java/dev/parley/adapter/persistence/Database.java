package dev.parley.adapter.persistence;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.parley.application.outbox.ClaimJournal;
import dev.parley.application.outbox.LostClaims;
import dev.parley.application.outbox.RestoreJournalledClaims;
import dev.parley.application.pipeline.ReceiptJournal;
import dev.parley.application.pipeline.RestoreJournalledReceipts;
import dev.parley.application.store.ProcessRegistration;
import dev.parley.application.store.Transactions;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store: a HikariCP pool, the schema migrated by Flyway, and a Hibernate session factory that only
 * validates that schema. See docs/decisions/0001-h2-file-store.md for the H2 settings.
 */
public final class Database implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Database.class);
    private final HikariDataSource pool;
    private final DataSource dataSource;
    private final SessionFactory sessionFactory;
    private final HibernateTransactions transactions;

    private final java.util.Optional<UncleanShutdownRepair> repair;
    private final PostgresProcessSession processSession;
    private final StoreProcess process;
    private final String url;
    private final ReceiptJournal receiptJournal;
    private final ClaimJournal claimJournal;
    private volatile LostClaims lostClaims = LostClaims.none();

    private Database(HikariDataSource pool, DataSource dataSource, SessionFactory sessionFactory,
                     StoreDialect dialect, java.util.Optional<UncleanShutdownRepair> repair,
                     PostgresProcessSession processSession, StoreProcess process, String url,
                     ReceiptJournal receiptJournal, ClaimJournal claimJournal) {
        this.pool = pool;
        this.dataSource = dataSource;
        this.sessionFactory = sessionFactory;
        this.repair = repair;
        this.processSession = processSession;
        this.process = process;
        this.url = url;
        this.receiptJournal = receiptJournal;
        this.claimJournal = claimJournal;
        this.transactions = new HibernateTransactions(sessionFactory, dialect, process);
    }

    /**
     * For a closed H2 file store: rewrites its file without the chunks earlier commits left behind (H2's {@code
     * SHUTDOWN COMPACT}); a bulk load leaves most of the file stale (the demo's load: docs/benchmarks.md,
     * "parley demo"). Returns true if it compacted; other stores are left as they are.
     */
    public static boolean compact(String jdbcUrl, String user, String password) {
        if (H2FileStore.forUrl(jdbcUrl).isEmpty()) return false;
        try (var c = java.sql.DriverManager.getConnection(H2FileStore.url(jdbcUrl), user, password);
             var st = c.createStatement()) {
            st.execute("SHUTDOWN COMPACT");
            return true;
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("cannot compact the store: " + e.getSQLState(), e);
        }
    }

    /**
     * Opens the database at {@code jdbcUrl}, migrating its schema first; H2 with the settings of {@link H2FileStore}.
     * An H2 file store gets its receipt journal (ADR 0001): every receipt the journal holds that the inbox does not is
     * put back, and every outbox claim the store lost is made again, before this returns; other stores need none
     * ({@link ReceiptJournal#NONE}).
     */
    public static Database open(String jdbcUrl, String user, String password, int poolSize) {
        var files = H2FileStore.forUrl(jdbcUrl);
        files.ifPresent(H2FileStore::beforeOpen);
        var config = new HikariConfig();
        config.setJdbcUrl(H2FileStore.url(jdbcUrl));
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(poolSize);
        config.setAutoCommit(false);
        config.setPoolName("parley-db");
        // With one writer (H2), a thread short of a connection is in the same line as one waiting for the writer
        // lock (the connections are held by transactions waiting their turn): the same bound for both, so a busy
        // store is waited for and only a stuck one is "unavailable" (503).
        config.setConnectionTimeout(jdbcUrl.startsWith("jdbc:h2:") ? SingleWriter.MAX_WAIT_SECONDS * 1000 : 5_000);
        if (isPostgres(jdbcUrl)) {
            // Server error details quote the row's values (addresses, text): keep them out of exceptions and logs.
            config.addDataSourceProperty("logServerErrorDetail", "false");
            config.addDataSourceProperty("ApplicationName", "parley pid " + ProcessHandle.current().pid());
        }
        var processSession = isPostgres(jdbcUrl) ? PostgresProcessSession.connect(jdbcUrl, user, password) : null;
        HikariDataSource dataSource;
        try {
            dataSource = new HikariDataSource(config);
        } catch (RuntimeException e) {
            if (processSession != null) processSession.close();
            throw e;
        }
        try {
            long began = System.nanoTime();
            if (processSession != null) processSession.migrating(() -> migrate(dataSource));
            else migrate(dataSource);
            long migrated = System.nanoTime();
            var repair = UncleanShutdownRepair.forUrl(jdbcUrl);
            repair.ifPresent(r -> r.onOpen(dataSource));
            // H2 keeps a store whole across kill -9 only with one writing transaction at a time (ADR 0001).
            DataSource store = jdbcUrl.startsWith("jdbc:h2:") ? new SingleWriter(dataSource) : dataSource;
            long repaired = System.nanoTime();
            var sessionFactory = sessionFactory(store);
            files.ifPresent(H2FileStore::afterOpen);
            LOG.info("store opened (pool {}; schema {} ms, check {} ms, Hibernate {} ms)", poolSize,
                    millis(began, migrated), millis(migrated, repaired), millis(repaired, System.nanoTime()));
            var process = processSession == null ? StoreProcess.SOLE : new StoreProcess(
                    processSession.register(java.time.Instant.now()),
                    new AbsentClaimants(PostgresProcessSession.TAKEOVER_AFTER));
            var fileJournal = files.map(H2FileStore::receiptJournal);
            ReceiptJournal journal = fileJournal.<ReceiptJournal>map(j -> j).orElse(ReceiptJournal.NONE);
            ClaimJournal claims = fileJournal.<ClaimJournal>map(j -> j).orElse(ClaimJournal.NONE);
            var database = new Database(dataSource, store, sessionFactory, StoreDialect.of(jdbcUrl), repair,
                    processSession, process, jdbcUrl, journal, claims);
            try {
                new RestoreJournalledReceipts(database.transactions(), journal).run();
                database.lostClaims = new LostClaims(new RestoreJournalledClaims(database.transactions(), claims)
                        .run().lost());
            } catch (RuntimeException e) {
                sessionFactory.close();
                throw e;
            }
            return database;
        } catch (RuntimeException e) {
            dataSource.close();
            if (processSession != null) processSession.close();
            throw e;
        }
    }

    private static long millis(long from, long to) {
        return (to - from) / 1_000_000;
    }

    /** Whether {@code jdbcUrl} names a PostgreSQL database (team mode, docs/team.md). */
    public static boolean isPostgres(String jdbcUrl) {
        return jdbcUrl.startsWith("jdbc:postgresql:");
    }

    private static void migrate(DataSource dataSource) {
        long began = System.nanoTime();
        var result = Flyway.configure().dataSource(dataSource).locations("classpath:db/migration")
                .javaMigrations(new SchemaLimits(), new ConsoleReadModelMigration(),
                        new NewestFirstIndexesMigration()).load().migrate();
        if (result.migrationsExecuted > 0) {
            LOG.info("schema migrated to version {} ({} migrations in {} ms)", result.targetSchemaVersion,
                    result.migrationsExecuted, (System.nanoTime() - began) / 1_000_000);
        } else {
            LOG.info("schema up to date (checked in {} ms)", (System.nanoTime() - began) / 1_000_000);
        }
    }

    private static SessionFactory sessionFactory(DataSource dataSource) {
        var cfg = new Configuration();
        for (var entity : new Class<?>[] {ContactEntity.class, ConversationEntity.class, MessageEntity.class,
                TimelineEventEntity.class, InboxEntity.class, OutboxEntity.class, AlertEntity.class,
                ScheduledJobEntity.class, AuditEntity.class, TaskEntity.class,
                MessageEmbeddingEntity.class, ChatMessageEntity.class, ChannelStateEntity.class,
                PropertyEntity.class, ListingEntity.class, KnowledgeEntity.class, LearnedAnswerEntity.class,
                BuyerStateEntity.class, EscalationThreadEntity.class, EngagementEntity.class, SignupTokenEntity.class,
                EventReceiptEntity.class, ConversationClaimEntity.class, SafetyDecisionEntity.class,
                MessageSafetyEntity.class}) {
            cfg.addAnnotatedClass(entity);
        }
        cfg.getProperties().put("hibernate.connection.datasource", dataSource);
        cfg.setProperty("hibernate.hbm2ddl.auto", "validate");
        cfg.setProperty("hibernate.connection.provider_disables_autocommit", "true");
        cfg.setProperty("hibernate.show_sql", "false");
        cfg.setProperty("hibernate.jdbc.time_zone", "UTC");
        return cfg.buildSessionFactory();
    }

    public Transactions transactions() {
        return transactions;
    }

    /** This process's id in a shared store ({@code parley_processes}); 0 on H2, which one process owns. */
    public long processId() {
        return process.id();
    }

    /**
     * Whether this process is registered with the store now: on PostgreSQL, while the connection that holds its
     * registration is up (docs/team.md, "Processes"); always on H2.
     */
    public ProcessRegistration registration() {
        return processSession != null ? processSession : ProcessRegistration.SOLE;
    }

    /** The JDBC URL the store was opened with. */
    public String url() {
        return url;
    }

    /**
     * Where receipts are journalled before they are acknowledged: a file beside an H2 file store, {@link
     * ReceiptJournal#NONE} for other stores (PostgreSQL keeps what it committed; docs/team.md).
     */
    public ReceiptJournal receiptJournal() {
        return receiptJournal;
    }

    /**
     * Where outbox claims are journalled before their request leaves: the receipt journal's file beside an H2 file
     * store, {@link ClaimJournal#NONE} for other stores.
     */
    public ClaimJournal claimJournal() {
        return claimJournal;
    }

    /**
     * The journalled claims of rows this store lost at the last crash, for the outbox ({@link LostClaims}); none on
     * other stores.
     */
    public LostClaims lostClaims() {
        return lostClaims;
    }

    /** Connections to the store; on H2, writing ones take turns (see {@link SingleWriter}). */
    public DataSource dataSource() {
        return dataSource;
    }

    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    /** Closes the store once (a second call does nothing). */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        sessionFactory.close();
        pool.close();
        // every journalled receipt and claim is in the store's file now that H2 closed it: the journal is not needed,
        // but for the lost claims no row has matched yet (a row the store lost, to be made again later)
        try {
            receiptJournal.discard();
            for (var lost : lostClaims.unmatched()) claimJournal.append(lost);
        } catch (RuntimeException e) {
            LOG.warn("cannot discard the receipt journal: {}", e.getClass().getSimpleName());
        }
        repair.ifPresent(UncleanShutdownRepair::onCleanClose);
        if (processSession != null) processSession.close();
        LOG.info("store closed");
    }
}
