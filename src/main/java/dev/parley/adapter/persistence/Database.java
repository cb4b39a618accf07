package dev.parley.adapter.persistence;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
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

    private Database(HikariDataSource pool, DataSource dataSource, SessionFactory sessionFactory,
                     java.util.Optional<UncleanShutdownRepair> repair) {
        this.pool = pool;
        this.dataSource = dataSource;
        this.sessionFactory = sessionFactory;
        this.repair = repair;
        this.transactions = new HibernateTransactions(sessionFactory);
    }

    /**
     * For a closed H2 file store: rewrites its file without the chunks earlier commits left behind (H2's {@code
     * SHUTDOWN COMPACT}); a bulk load leaves most of the file stale (the 100,000-conversation demo store: 12.6 GB,
     * about 10 % of it live). Returns true if it compacted; other stores are left as they are.
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

    /** Opens the database at {@code jdbcUrl}, migrating its schema first; H2 with the settings of {@link H2FileStore}. */
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
        var dataSource = new HikariDataSource(config);
        try {
            migrate(dataSource);
            var repair = UncleanShutdownRepair.forUrl(jdbcUrl);
            repair.ifPresent(r -> r.onOpen(dataSource));
            // H2 keeps a store whole across kill -9 only with one writing transaction at a time (ADR 0001).
            DataSource store = jdbcUrl.startsWith("jdbc:h2:") ? new SingleWriter(dataSource) : dataSource;
            var sessionFactory = sessionFactory(store);
            files.ifPresent(H2FileStore::afterOpen);
            LOG.info("store opened (pool {})", poolSize);
            return new Database(dataSource, store, sessionFactory, repair);
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
    }

    private static void migrate(DataSource dataSource) {
        var result = Flyway.configure().dataSource(dataSource).locations("classpath:db/migration")
                .javaMigrations(new SchemaLimits(), new ConsoleReadModelMigration()).load().migrate();
        if (result.migrationsExecuted > 0) {
            LOG.info("schema migrated to version {}", result.targetSchemaVersion);
        }
    }

    private static SessionFactory sessionFactory(DataSource dataSource) {
        var cfg = new Configuration();
        for (var entity : new Class<?>[] {ContactEntity.class, ConversationEntity.class, MessageEntity.class,
                TimelineEventEntity.class, InboxEntity.class, OutboxEntity.class, AlertEntity.class,
                ScheduledJobEntity.class, AuditEntity.class, TaskEntity.class,
                MessageEmbeddingEntity.class, ChatMessageEntity.class, ChannelStateEntity.class}) {
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

    /** Connections to the store; on H2, writing ones take turns (see {@link SingleWriter}). */
    public DataSource dataSource() {
        return dataSource;
    }

    @Override
    public void close() {
        sessionFactory.close();
        pool.close();
        repair.ifPresent(UncleanShutdownRepair::onCleanClose);
        LOG.info("store closed");
    }
}
