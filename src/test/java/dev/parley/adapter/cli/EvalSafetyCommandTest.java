package dev.parley.adapter.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.application.JsonMappers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code eval safety} on tiny committed fixtures (never on ../shared). */
class EvalSafetyCommandTest {
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
    void uciReportsExactlyTheIssuesFields() throws Exception {
        Path data = Path.of(getClass().getResource("/safety/uci_tiny.tsv").toURI());
        int exit = run("safety", "--data", data.toString(), "--format", "uci");
        assertThat(exit).isZero();
        JsonNode report = JsonMappers.PLAIN.readTree(out.toString());
        assertThat(names(report)).containsExactly("rows", "positives", "benign", "any", "categories");
        assertThat(names(report.get("any"))).containsExactly("recall", "false_alarm_rate");
        assertThat(names(report.get("categories"))).containsExactly("emotional_manipulation", "urgency_abuse",
                "harassment", "financial_scam", "self_harm_triggers", "spam_escalation", "information_overload");
        assertThat(names(report.at("/categories/spam_escalation"))).containsExactly("precision", "recall",
                "false_alarm_rate");
        assertThat(report.get("rows").asLong()).isEqualTo(6);
        assertThat(report.get("positives").asLong()).isEqualTo(2);
        assertThat(report.get("benign").asLong()).isEqualTo(4);
        assertThat(report.at("/any/recall").asDouble()).isEqualTo(1.0);
        assertThat(report.at("/any/false_alarm_rate").asDouble()).isEqualTo(0.0);
        assertThat(report.at("/categories/spam_escalation/precision").asDouble()).isEqualTo(1.0);
        assertThat(report.at("/categories/self_harm_triggers/precision").isNull()).isTrue();
        assertThat(out.toString()).doesNotContain("lunch");
    }

    @Test
    void csvNamesItsColumnsAndPositives() throws Exception {
        Path csv = dir.resolve("rows.csv");
        Files.writeString(csv, "text,kind\n\"I want to die\",crisis\n\"see you at noon\",ok\n\"you worthless idiot\",abuse\n");
        int exit = run("safety", "--data", csv.toString(), "--format", "csv", "--text-column", "text",
                "--label-column", "kind", "--positive", "crisis,abuse", "--compact");
        assertThat(exit).isZero();
        JsonNode report = JsonMappers.PLAIN.readTree(out.toString());
        assertThat(report.get("positives").asLong()).isEqualTo(2);
        assertThat(report.at("/any/recall").asDouble()).isEqualTo(1.0);
        assertThat(report.at("/categories/self_harm_triggers/recall").asDouble()).isEqualTo(0.5);
    }

    @Test
    void theTwoHalvesSplitTheRowsByTheirTextsHash() throws Exception {
        Path data = Path.of(getClass().getResource("/safety/uci_tiny.tsv").toURI());
        long[] rows = new long[2];
        for (int half = 1; half <= 2; half++) {
            out.getBuffer().setLength(0);
            assertThat(run("safety", "--data", data.toString(), "--format", "uci", "--heads", "off", "--half",
                    String.valueOf(half))).isZero();
            rows[half - 1] = JsonMappers.PLAIN.readTree(out.toString()).get("rows").asLong();
        }
        var expected = new long[2];
        for (String line : Files.readAllLines(data)) expected[EvalSafetyCommand.halfOf(line.split("\t", 2)[1]) - 1]++;
        assertThat(rows).containsExactly(expected);
        assertThat(rows[0] + rows[1]).isEqualTo(6);
        assertThat(run("safety", "--data", data.toString(), "--format", "uci", "--half", "3")).isEqualTo(2);
        assertThat(err.toString()).contains("--half must be 1 or 2");
    }

    @Test
    void badOptionsAreExitTwo() {
        assertThat(run("safety", "--data", "x.csv", "--format", "csv")).isEqualTo(2);
        assertThat(err.toString()).contains("--text-column");
        assertThat(run("safety", "--data", "x.tsv", "--format", "uci", "--positive", "maybe")).isEqualTo(2);
        assertThat(run("safety", "--data", dir.resolve("missing.tsv").toString(), "--format", "uci")).isEqualTo(2);
        assertThat(run("safety", "--data", "x.tsv", "--format", "uci", "--heads", "maybe")).isEqualTo(2);
        assertThat(err.toString()).contains("--heads must be on or off");
        assertThat(run("safety", "--data", "x.tsv", "--format", "uci", "--heads", "off", "--cache", "v")).isEqualTo(2);
        assertThat(err.toString()).contains("--cache keeps the heads' embeddings");
    }

    @Test
    void theLearnedHeadsRaiseWhatTheLexiconsMissAndTheCacheKeepsTheVectors() throws Exception {
        Path csv = dir.resolve("heads.csv");
        Files.writeString(csv, "text,kind\n\"I don't see any reason to stay anymore, nobody would even notice if I was"
                + " gone\",crisis\n\"this traffic is killing me\",ok\n\"see you at noon\",ok\n");
        Path cache = dir.resolve("vectors");
        String[] args = {"safety", "--data", csv.toString(), "--format", "csv", "--text-column", "text",
                "--label-column", "kind", "--positive", "crisis", "--compact", "--cache", cache.toString()};
        String[] off = java.util.Arrays.copyOf(args, args.length);
        off[args.length - 2] = "--heads";
        off[args.length - 1] = "off";
        assertThat(run(off)).isZero();
        assertThat(JsonMappers.PLAIN.readTree(out.toString()).at("/any/recall").asDouble()).isEqualTo(0.0);
        out.getBuffer().setLength(0);
        assertThat(run(args)).isZero();
        JsonNode report = JsonMappers.PLAIN.readTree(out.toString());
        assertThat(report.at("/any/recall").asDouble()).isEqualTo(1.0);
        assertThat(report.at("/any/false_alarm_rate").asDouble()).isEqualTo(0.0);
        assertThat(report.at("/categories/self_harm_triggers/recall").asDouble()).isEqualTo(1.0);
        assertThat(Files.list(cache).toList()).singleElement()
                .satisfies(f -> assertThat(Files.size(f)).isPositive());
    }

    private static List<String> names(JsonNode node) {
        var names = new ArrayList<String>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
