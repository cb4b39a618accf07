package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.testing.TestParley;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Parley leaves on disk is its owner's alone, and H2 writes no trace: a failed statement quotes its values,
 * and the trace file would keep them.
 */
class PrivateStoreFilesTest {
    static final String PHONE = "+15550166021";

    @Test
    void aFailedStatementLeavesNoTraceFileWithItsValues(@TempDir Path home) throws Exception {
        try (var parley = TestParley.open(home, Clock.systemUTC(), Map.of())) {
            try (var connection = parley.app.database.dataSource().getConnection();
                 var statement = connection.prepareStatement("insert into contacts (channel, address, status, "
                         + "created_at) values ('sms', ?, 'ACTIVE', current_timestamp)")) {
                statement.setString(1, PHONE.repeat(40));
                assertThatThrownBy(statement::executeUpdate).isInstanceOf(SQLException.class)
                        .hasMessageContaining(PHONE); // what H2 would have written to its trace file
            }
        }
        try (var files = Files.walk(home)) {
            var traces = files.filter(f -> f.getFileName().toString().endsWith(".trace.db")).toList();
            assertThat(traces).isEmpty();
        }
    }

    @Test
    void aTraceFileLeftByAnEarlierVersionIsRemovedWhenTheStoreOpens(@TempDir Path home) throws IOException {
        var trace = home.resolve("data").resolve("parley.trace.db");
        Files.createDirectories(trace.getParent());
        Files.writeString(trace, "Value too long for column: '" + PHONE + "'");
        try (var parley = TestParley.open(home, Clock.systemUTC(), Map.of())) {
            assertThat(trace).doesNotExist();
        }
    }

    @Test
    void theHomeDataDirectoryStoreAndConfigurationAreOwnerOnly(@TempDir Path parent) throws IOException {
        var home = parent.resolve("new-home");
        try (var parley = TestParley.open(home, Clock.systemUTC(), Map.of())) {
            assertThat(mode(home)).isEqualTo("rwx------");
            assertThat(mode(home.resolve("data"))).isEqualTo("rwx------");
            assertThat(mode(home.resolve("parley.properties"))).isEqualTo("rw-------");
            try (var files = Files.list(home.resolve("data"))) {
                var stored = files.toList();
                assertThat(stored).anySatisfy(f -> assertThat(f.getFileName().toString()).isEqualTo("parley.mv.db"));
                assertThat(stored).allSatisfy(f -> assertThat(mode(f)).as(f.toString()).isEqualTo("rw-------"));
            }
        }
    }

    @Test
    void anExistingStoreMadeReadableByOthersIsTightenedAtStart(@TempDir Path home) throws IOException {
        try (var parley = TestParley.open(home, Clock.systemUTC(), Map.of())) {
            assertThat(parley.app.database).isNotNull();
        }
        var data = home.resolve("data");
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(data.resolve("parley.mv.db"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(home.resolve("parley.properties"), PosixFilePermissions.fromString("rw-r--r--"));
        try (var parley = TestParley.open(home, Clock.systemUTC(), Map.of())) {
            assertThat(mode(data)).isEqualTo("rwx------");
            assertThat(mode(data.resolve("parley.mv.db"))).isEqualTo("rw-------");
            assertThat(mode(home.resolve("parley.properties"))).isEqualTo("rw-------");
        }
    }

    @Test
    void theLogDirectoryAndLogFileAreOwnerOnly() throws IOException {
        org.slf4j.LoggerFactory.getLogger(PrivateStoreFilesTest.class).info("log file check");
        var logDir = Path.of(System.getProperty("parley.log.dir", "target/test-logs"));
        assertThat(mode(logDir)).isEqualTo("rwx------");
        assertThat(mode(logDir.resolve("parley.log"))).isEqualTo("rw-------");
    }

    @Test
    void h2TracingAndCloseOnExitAreRefusedInTheConfiguration(@TempDir Path home) {
        for (var url : new String[] {"jdbc:h2:file:/tmp/x;TRACE_LEVEL_FILE=2", "jdbc:h2:file:/tmp/x;trace_level_system_out=3",
                "jdbc:h2:file:/tmp/x;DB_CLOSE_ON_EXIT=TRUE"}) {
            assertThatThrownBy(() -> ParleyConfig.load(home, Map.of(), Map.of(ConfigKey.DB_URL, url),
                    new SecureRandom())).as(url).isInstanceOf(ConfigException.class).hasMessageContaining("db.url");
        }
        assertThat(ParleyConfig.load(home, Map.of(), Map.of(ConfigKey.DB_URL, "jdbc:h2:file:/tmp/x;TRACE_LEVEL_FILE=0"),
                new SecureRandom()).get(ConfigKey.DB_URL)).endsWith("TRACE_LEVEL_FILE=0");
    }

    private static String mode(Path path) {
        try {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
