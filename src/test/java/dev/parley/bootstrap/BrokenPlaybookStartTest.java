package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokenPlaybookStartTest {
    @TempDir Path home;

    @Test
    void refusesToStartNamingTheFileAndTheEntry() throws IOException {
        var builtIn = new String(getClass().getResourceAsStream("/playbooks/outreach.json").readAllBytes());
        Files.createDirectories(home.resolve("playbooks"));
        Files.writeString(home.resolve("playbooks/outreach.json"),
                builtIn.replace("\"guard\": \"intent_unclear\"", "\"guard\": \"intent_maybe\""));
        var config = ParleyConfig.load(home, Map.of(), Map.of(), new SecureRandom());
        assertThatThrownBy(() -> new ParleyApp(config, Clock.systemUTC(), null))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(home.resolve("playbooks/outreach.json").toString())
                .hasMessageContaining("transitions[6]")
                .hasMessageContaining("intent_maybe");
    }

    @Test
    void refusesAPatternFileWithABackreference() throws IOException {
        Files.writeString(home.resolve("opt_out_phrases.json"), """
                {"categories": [{"id": "threats", "name": "Threats", "severity": "CRITICAL",
                  "patterns": [{"id": "threats.1", "pattern": "(a)\\\\1"}]}]}""");
        var config = ParleyConfig.load(home, Map.of(), Map.of(), new SecureRandom());
        assertThatThrownBy(() -> new ParleyApp(config, Clock.systemUTC(), null))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("opt_out_phrases.json");
    }
}
