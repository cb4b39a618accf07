package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.contact.Contact;
import dev.parley.domain.contact.ContactStatus;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bulk loader leaves the schema as Flyway made it: the indexes it drops for the load come back exactly. */
class StoreLoaderTest {
    @Test
    void theIndexesDroppedForTheLoadAreCreatedAgainExactlyAsMigrated(@TempDir Path loaded, @TempDir Path migrated)
            throws Exception {
        try (var store = open(loaded); var fresh = open(migrated)) {
            var asMigrated = definitions(fresh.dataSource());
            assertThat(asMigrated).anyMatch(d -> d.contains("IX_MESSAGES_CONVERSATION_SENT"));
            try (var loader = StoreLoader.open(store.dataSource())) {
                loader.finish();
            }
            assertThat(definitions(store.dataSource())).isEqualTo(asMigrated);
        }
    }

    @Test
    void itDropsThePlainIndexesOfTheLoadedTablesAndNoConstraintsOnes(@TempDir Path home) throws Exception {
        try (var store = open(home); var c = store.dataSource().getConnection()) {
            var before = definitions(store.dataSource());
            var dropped = DeferredIndexes.drop(c, List.of("messages", "alerts"));
            var names = dropped.indexes().stream().map(DeferredIndexes.Index::name).toList();
            assertThat(names).contains("IX_MESSAGES_CONVERSATION_SENT", "IX_MESSAGES_STATUS", "IX_ALERTS_STATUS")
                    .noneMatch(n -> n.startsWith("CONSTRAINT"));
            var during = definitions(store.dataSource());
            assertThat(during).noneMatch(d -> names.stream().anyMatch(n -> d.contains("\"" + n + "\"")))
                    .anyMatch(d -> d.contains("FOREIGN KEY"));
            dropped.createAgain(c);
            assertThat(definitions(store.dataSource())).isEqualTo(before);
        }
    }

    /**
     * H2 applies a URL's settings to the whole database whenever a connection opens, and the store's URL sets a 4 MB
     * page cache: a connection opened during the load (the pool replacing one) must not leave the rest of the load,
     * its index builds included, on that small cache.
     */
    @Test
    void theLoadsPageCacheOutlivesAConnectionOpenedDuringTheLoad(@TempDir Path home) throws Exception {
        var url = "jdbc:h2:file:" + home.resolve("parley") + ";WRITE_DELAY=0";
        try (var store = Database.open(url, "sa", "", 2)) {
            long storeMb = H2FileStore.CACHE_SIZE_KB / 1024;
            try (var loader = StoreLoader.open(store.dataSource(), 1)) {
                long loadMb = cacheMb(store);
                assertThat(loadMb).as("the loader's own cache (at least 16 MB)").isGreaterThan(storeMb);
                try (var opened = DriverManager.getConnection(H2FileStore.url(url), "sa", "")) {
                    assertThat(cacheMb(store)).as("H2 applied the URL's cache size again").isEqualTo(storeMb);
                }
                loader.contact(new Contact(1, "sms", "+15550000001", null, ContactStatus.ACTIVE, null, null, null,
                        null), Instant.parse("2026-11-01T10:00:00Z"));
                assertThat(cacheMb(store)).as("after the next release").isEqualTo(loadMb);
                loader.finish();
            }
            assertThat(cacheMb(store)).as("the store's own, after the load").isEqualTo(storeMb);
        }
    }

    private static long cacheMb(Database store) throws SQLException {
        try (var c = store.dataSource().getConnection(); var st = c.createStatement(); var rs = st.executeQuery(
                "select setting_value from information_schema.settings where setting_name = 'info.CACHE_MAX_SIZE'")) {
            rs.next();
            return Long.parseLong(rs.getString(1).trim());
        }
    }

    private static Database open(Path dir) {
        return Database.open("jdbc:h2:file:" + dir.resolve("parley") + ";WRITE_DELAY=0", "sa", "", 2);
    }

    /**
     * Every index and constraint as H2 writes it ({@code SCRIPT NODATA}), and every index column as
     * {@code INFORMATION_SCHEMA} lists it (name, position, order, nulls), sorted.
     */
    private static List<String> definitions(DataSource dataSource) throws SQLException {
        var out = new ArrayList<String>();
        try (var c = dataSource.getConnection(); var st = c.createStatement()) {
            try (var rs = st.executeQuery("script nodata")) {
                while (rs.next()) {
                    var line = rs.getString(1);
                    if (line.startsWith("CREATE INDEX") || line.startsWith("CREATE UNIQUE INDEX")
                            || line.startsWith("ALTER TABLE")) out.add(line);
                }
            }
            try (var rs = st.executeQuery("select k.table_name, k.index_name, i.index_type_name, k.column_name, "
                    + "k.ordinal_position, k.ordering_specification, k.null_ordering from "
                    + "information_schema.index_columns k join information_schema.indexes i on "
                    + "i.index_schema = k.index_schema and i.index_name = k.index_name and i.table_name = k.table_name "
                    + "where k.table_schema = 'PUBLIC' and k.table_name <> 'flyway_schema_history'")) {
                while (rs.next()) {
                    out.add(String.join(" ", rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getString(6), rs.getString(7)));
                }
            }
        }
        return out.stream().sorted().toList();
    }
}
