package dev.parley.bootstrap.launch;

import dev.parley.bootstrap.ConfigKey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.adapter.cli.Launcher;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.PostgresCluster;
import dev.parley.testing.TestParley;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parley store copy}: a desk's home into the team's PostgreSQL, as the command line runs it. */
class StoreCopyCommandTest {
    @TempDir Path home;

    @Test
    void aDesksHomeIsCopiedIntoPostgresAndTheTeamStoreThenServesIt() throws Exception {
        try (var parley = TestParley.start(home)) {
            for (int i = 0; i < 3; i++) {
                parley.http().postGeneric("wh-copy-" + i, ParleyHttp.message("copy-" + i, "sms", "+1555000777" + i,
                        "hello " + i), Clock.systemUTC());
            }
            org.awaitility.Awaitility.await().until(() -> parley.inboxCounts().get(
                    dev.parley.domain.message.InboxStatus.PROCESSED) == 3);
        }
        var target = PostgresCluster.shared().newEmptyDatabase();
        var lines = new ArrayList<String>();
        var result = TeamStoreCopy.copy(home.toString(), target, PostgresCluster.SUPERUSER,
                Map.of("PARLEY_DB_PASSWORD", PostgresCluster.PASSWORD), false, lines::add);
        assertThat(result.verified()).isTrue();
        assertThat(result.mismatches()).isEmpty();
        assertThat(lines).anyMatch(l -> l.startsWith("conversations") && l.contains(" 3 rows") && l.endsWith("verified"));

        // the copy is a working team store: Parley opens it and finds the desk's conversations
        var onTeam = Map.of(dev.parley.bootstrap.ConfigKey.DB_URL, target, ConfigKey.DB_USER,
                PostgresCluster.SUPERUSER, ConfigKey.DB_PASSWORD, PostgresCluster.PASSWORD);
        try (var parley = TestParley.start(home.resolve("team-desk"), Clock.systemUTC(), onTeam, null)) {
            assertThat(parley.app.find.page(new dev.parley.application.store.ConversationQuery("sms", null, null,
                    null, 10, null, null))).hasSize(3);
        }

        assertThatThrownBy(() -> TeamStoreCopy.copy(home.toString(), target, PostgresCluster.SUPERUSER,
                Map.of("PARLEY_DB_PASSWORD", PostgresCluster.PASSWORD), false, lines::add))
                .isInstanceOf(Launcher.StoreCopyRefused.class).hasMessageContaining("--force");
    }

    @Test
    void aMissingHomeOrAnUnsupportedUrlIsRefusedWithExitCode2() {
        var out = new StringWriter();
        var err = new StringWriter();
        int code = Main.run(new String[] {"store", "copy", "--from", home.resolve("nowhere").toString(), "--to",
                "jdbc:postgresql://127.0.0.1:1/parley"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("parley store copy: no Parley home at");
        code = Main.run(new String[] {"store", "copy", "--from", "jdbc:mysql://x/y", "--to",
                "jdbc:postgresql://127.0.0.1:1/parley"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--from must be a jdbc:h2: URL or a Parley home directory");
    }
}
