package dev.parley.bootstrap.launch;

import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyConfig;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.persistence.Database;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parley demo} fills the home's store through the pipeline and leaves it compacted and ready to open. */
class DemoCommandTest {
    @TempDir Path home;

    @Test
    void fillsTheStoreCompactsItAndTheStoreOpensWithWhatWasReported() throws Exception {
        var figures = new ParleyLauncher().demo(home, 40, 10, 5);

        assertThat(figures).containsKeys("conversations", "messages", "simulation_ms", "write_ms", "compact_ms",
                "millis", "cpu_ms", "queues");
        assertThat(((Map<?, ?>) figures.get("write_steps_ms")).keySet().stream().map(String::valueOf).toList())
                .containsExactly("rows", "indexes", "read_model");
        assertThat(((Map<?, ?>) figures.get("queues")).get(dev.parley.application.console.QueueKind.ALL))
                .isEqualTo(figures.get("conversations"));
        // the learned heads read every screened text; the shards' one memo embeds a recurring text once
        var embeddings = (Map<?, ?>) figures.get("embeddings");
        assertThat((Long) embeddings.get("asked")).isPositive();
        assertThat((Long) embeddings.get("computed")).isPositive().isLessThan((Long) embeddings.get("asked"));
        assertThat(Files.exists(home.resolve("data").resolve("parley.mv.db"))).isTrue();
        var config = ParleyConfig.load(home, Map.of(), Map.of(), new SecureRandom());
        try (var database = Database.open(config.get(ConfigKey.DB_URL), config.get(ConfigKey.DB_USER),
                config.get(ConfigKey.DB_PASSWORD), 2);
             var c = database.dataSource().getConnection();
             var st = c.createStatement();
             var rs = st.executeQuery("select count(*), (select count(*) from messages) from conversations")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(figures.get("conversations"));
            assertThat(rs.getLong(2)).isEqualTo(figures.get("messages"));
        }
    }
}
