package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.store.StoreUnavailableException;
import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.PostgresCluster;
import java.sql.DriverManager;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What the PostgreSQL store does beyond the store contract (docs/team.md). */
class PostgresStoreTest {
    static final PostgresCluster PG = PostgresCluster.shared();

    static Database open(String url) {
        return Database.open(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD, 2);
    }

    @Test
    void aSecondProcessIsRefusedUntilTheFirstClosesTheStore() {
        var url = PG.newDatabase();
        try (var first = open(url)) {
            assertThatThrownBy(() -> open(url)).isInstanceOf(StoreUnavailableException.class)
                    .hasMessageContaining("another Parley process is using this PostgreSQL database");
            first.transactions().inTransaction(s -> s.contacts().findOrCreate("sms", "+1", null, Instant.EPOCH));
        }
        try (var second = open(url)) {
            boolean kept = second.transactions().inTransaction(s -> s.contacts().find(1).isPresent());
            assertThat(kept).isTrue();
        }
    }

    @Test
    void aWrongPasswordIsRefusedWithoutOpeningAnything() {
        var url = PG.newDatabase();
        assertThatThrownBy(() -> Database.open(url, PostgresCluster.SUPERUSER, "wrong-password", 2))
                .isInstanceOf(StoreUnavailableException.class).hasMessageContaining("28P01");
    }

    @Test
    void migrationsRunOnAnEmptyDatabaseAndHibernateValidatesTheSchema() throws Exception {
        var url = PG.newEmptyDatabase();
        try (var database = open(url)) {
            var receipt = database.transactions().inTransaction(s -> s.inbox().insertIfAbsent(new InboundMessage(
                    "sms", "SM1", "+1555", "+1555", "+1999", "hello", null, Instant.EPOCH, null, null), "{}",
                    Instant.EPOCH));
            assertThat(receipt.duplicate()).isFalse();
        }
        try (var c = DriverManager.getConnection(url, PostgresCluster.SUPERUSER, PostgresCluster.PASSWORD);
             var rs = c.createStatement().executeQuery(
                     "select count(*) from flyway_schema_history where success and version is not null")) {
            rs.next();
            assertThat(rs.getInt(1)).as("versioned migrations applied").isGreaterThanOrEqualTo(4);
        }
    }

    @Test
    void constraintViolationsDoNotQuoteTheRowsValues() {
        var url = PG.newDatabase();
        try (var database = open(url)) {
            database.transactions().inTransaction(s -> s.contacts().findOrCreate("sms", "+15550123987", null,
                    Instant.EPOCH));
            var contact = database.transactions().inTransaction(s -> s.contacts().find(1)).orElseThrow();
            database.transactions().inTransaction(s -> s.conversations().create("sms", "+15550123987", "noop",
                    "Start", contact.id(), Instant.EPOCH));
            assertThatThrownBy(() -> database.transactions().inTransaction(s -> s.conversations().create("sms",
                    "+15550123987", "noop", "Start", contact.id(), Instant.EPOCH)))
                    .satisfies(e -> {
                        for (Throwable t = e; t != null; t = t.getCause()) {
                            assertThat(String.valueOf(t.getMessage())).doesNotContain("15550123987");
                        }
                    });
        }
    }
}
