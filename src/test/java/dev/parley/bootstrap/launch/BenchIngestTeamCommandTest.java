package dev.parley.bootstrap.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code parley bench ingest --db}: what it refuses before running anything (exit 2, a message naming the option). */
class BenchIngestTeamCommandTest {
    @Test
    void optionsThatWouldBeIgnoredOrCannotWorkAreRefused() {
        assertRefused("--processes and --db-user need --db", "bench", "ingest", "--processes", "2");
        assertRefused("--db must be a PostgreSQL JDBC URL", "bench", "ingest", "--db", "jdbc:h2:file:/tmp/x");
        assertRefused("--rate and --seconds do not apply", "bench", "ingest", "--db",
                "jdbc:postgresql://127.0.0.1:1/parley", "--rate", "10");
        assertRefused("--processes takes counts from 1 to 16", "bench", "ingest", "--db",
                "jdbc:postgresql://127.0.0.1:1/parley", "--processes", "1,0");
    }

    private static void assertRefused(String message, String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).as(String.join(" ", args)).isEqualTo(2);
        assertThat(err.toString()).contains(message);
    }
}
