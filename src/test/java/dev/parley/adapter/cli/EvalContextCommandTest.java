package dev.parley.adapter.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonMappers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code eval context} on a tiny committed fixture in both log formats (never on ../shared). */
class EvalContextCommandTest {
    private static final String MIXED = "src/test/resources/irc/mixed";

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new EvalCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void allPrintsOneJsonLinePerStrategyWithTheDocumentedKeysInOrder() throws Exception {
        var cache = dir.resolve("cache.bin");
        int exit = run("context", "--data", MIXED, "--cache", cache.toString());
        assertThat(exit).as(err.toString()).isZero();
        var lines = out.toString().strip().split("\n");
        assertThat(lines).hasSize(3);
        var json = JsonMappers.PLAIN;
        assertThat(json.readTree(lines[0]).get("strategy").asText()).isEqualTo("last5");
        assertThat(json.readTree(lines[1]).get("strategy").asText()).isEqualTo("seed");
        var def = json.readTree(lines[2]);
        assertThat(def.get("strategy").asText()).isEqualTo("default");
        assertThat(lines[2]).startsWith("{\"strategy\":\"default\",\"messages\":6,\"precision\":");
        assertThat(def.properties()).extracting(java.util.Map.Entry::getKey).containsExactly("strategy", "messages",
                "precision", "recall", "f1", "conversation_recall");
        // Mentions answer what their addressee said to their author; last5 drowns the parent in its neighbours.
        assertThat(def.get("f1").asDouble()).isGreaterThanOrEqualTo(0.6)
                .isGreaterThan(json.readTree(lines[0]).get("f1").asDouble() + 0.2);
        assertThat(Files.size(cache)).isGreaterThan(0);
        assertThat(out.toString()).doesNotContain("mount");
    }

    @Test
    void oneStrategyOnlyAndTheSeedThresholdIsAnOption() throws Exception {
        assertThat(run("context", "--data", MIXED, "--strategy", "seed", "--time-threshold", "1")).isZero();
        var line = JsonMappers.PLAIN.readTree(out.toString().strip());
        assertThat(line.get("strategy").asText()).isEqualTo("seed");
        assertThat(line.get("messages").asInt()).isEqualTo(6);
    }

    @Test
    void baselinesAreScoredOnTheSameMentionsAfterTheStrategies() throws Exception {
        assertThat(run("context", "--data", MIXED, "--strategy", "last5", "--baselines")).as(err.toString()).isZero();
        var json = JsonMappers.PLAIN;
        var lines = out.toString().strip().split("\n");
        assertThat(lines).hasSize(3);
        assertThat(json.readTree(lines[0]).get("strategy").asText()).isEqualTo("last5");
        var previous = json.readTree(lines[1]);
        var addressee = json.readTree(lines[2]);
        assertThat(previous.get("strategy").asText()).isEqualTo("baseline-previous");
        assertThat(addressee.get("strategy").asText()).isEqualTo("baseline-addressee");
        assertThat(addressee.properties()).extracting(java.util.Map.Entry::getKey).containsExactly("strategy",
                "messages", "precision", "recall", "f1", "conversation_recall");
        assertThat(addressee.get("messages").asInt()).isEqualTo(6);
        assertThat(addressee.get("f1").asDouble()).isEqualTo(0.833);
        assertThat(previous.get("f1").asDouble()).isEqualTo(0.5);
    }

    @Test
    void badInputExitsTwoWithOneLine() {
        assertThat(run("context", "--data", MIXED, "--strategy", "best")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown --strategy 'best'");
        assertThat(run("context", "--data", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("no *.annotation.txt files");
        assertThat(out.toString()).isEmpty();
    }
}
