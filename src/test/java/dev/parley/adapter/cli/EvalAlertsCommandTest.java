package dev.parley.adapter.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.application.JsonMappers;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code eval alerts} on tiny committed fixtures (never on ../shared). */
class EvalAlertsCommandTest {
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

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(EvalAlertsCommandTest.class.getResource("/alerts/" + name).toURI());
    }

    @Test
    void uciReportsSeedRawAndParleyFigures() throws Exception {
        int exit = run("alerts", "--data", fixture("uci_tiny.tsv").toString(), "--format", "uci");

        assertThat(exit).isZero();
        assertThat(err.toString()).isEmpty();
        JsonNode report = JsonMappers.PLAIN.readTree(out.toString());
        assertThat(report.get("dataset").asText()).isEqualTo("uci");
        assertThat(report.get("total").asLong()).isEqualTo(7);
        assertThat(report.get("benign").asLong()).isEqualTo(6);
        assertThat(report.get("spam").asLong()).isEqualTo(1);
        assertThat(report.has("hostile")).isFalse();
        // Seed raw: diet/both, hate to, do not contact, hate + bot. Parley: do not contact, hate + bot.
        assertThat(report.at("/seed_raw/benign_flagged").asLong()).isEqualTo(4);
        assertThat(report.at("/parley/benign_flagged").asLong()).isEqualTo(2);
        assertThat(report.at("/parley/false_alarm_rate").asDouble()).isEqualTo(0.333333);
        assertThat(report.at("/seed_raw/benign_high_value").asLong()).isEqualTo(2);
        assertThat(report.at("/parley/benign_high_value").asLong()).isEqualTo(1);
        assertThat(report.at("/parley/per_category/threats/benign").asLong()).isEqualTo(2);
        assertThat(report.at("/parley/benign_flagged_by_pattern/threats.1").asLong()).isEqualTo(1);
        assertThat(report.get("seed_phrases_triggered").asInt()).isEqualTo(report.get("seed_phrases_total").asInt());
        assertThat(out.toString()).doesNotContain("diet");
    }

    @Test
    void davidsonReadsQuotedMultiLineTweetsAndReportsRecall() throws Exception {
        int exit = run("alerts", "--data", fixture("davidson_tiny.csv").toString(), "--format", "davidson", "--compact");

        assertThat(exit).isZero();
        assertThat(out.toString().strip()).doesNotContain("\n");
        JsonNode report = JsonMappers.PLAIN.readTree(out.toString());
        assertThat(report.get("total").asLong()).isEqualTo(6);
        assertThat(report.get("benign").asLong()).isEqualTo(3);
        assertThat(report.get("hostile").asLong()).isEqualTo(2);
        assertThat(report.get("offensive").asLong()).isEqualTo(1);
        assertThat(report.at("/seed_raw/benign_flagged").asLong()).isEqualTo(3);
        assertThat(report.at("/parley/benign_flagged").asLong()).isZero();
        assertThat(report.at("/parley/hostile_flagged").asLong()).isEqualTo(1);
        assertThat(report.at("/parley/recall").asDouble()).isEqualTo(0.5);
        assertThat(report.at("/parley/offensive_flagged").asLong()).isEqualTo(1);
    }

    @Test
    void aBadLineIsOneErrorLineAndExitCode2() throws Exception {
        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, "ham\tfine\nmaybe\tnot fine\n");

        assertThat(run("alerts", "--data", bad.toString(), "--format", "uci")).isEqualTo(2);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString().strip()).contains("line 2").doesNotContain("\n");
    }

    @Test
    void aBadDavidsonRecordNamesTheLineItStartsOn() throws Exception {
        assertThat(run("alerts", "--data", fixture("davidson_bad_class.csv").toString(), "--format", "davidson"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("line 3: class must be 0, 1 or 2");
    }

    @Test
    void anUnknownFormatOrMissingFileExits2() throws Exception {
        assertThat(run("alerts", "--data", fixture("uci_tiny.tsv").toString(), "--format", "xml")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown --format 'xml'");
        assertThat(run("alerts", "--data", dir.resolve("nope.tsv").toString(), "--format", "uci")).isEqualTo(2);
        assertThat(err.toString()).contains("nope.tsv: cannot be read");
    }

    @Test
    void aBadPatternsFileExits2NamingIt() throws IOException, URISyntaxException {
        Path patterns = dir.resolve("opt_out_phrases.json");
        Files.writeString(patterns, """
                {"categories": [{"id": "t", "name": "T", "severity": "CRITICAL",
                  "patterns": [{"id": "t.1", "pattern": "(?<=a)b"}]}]}
                """);
        assertThat(run("alerts", "--data", fixture("uci_tiny.tsv").toString(), "--format", "uci",
                "--patterns", patterns.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(patterns.toString()).contains("pattern 't.1'");
    }

    @Test
    void customPatternsAreEvaluatedAndMissingSeedPhrasesReported() throws Exception {
        Path patterns = dir.resolve("opt_out_phrases.json");
        Files.writeString(patterns, """
                {"categories": [{"id": "threats", "name": "T", "severity": "CRITICAL",
                  "patterns": [{"id": "threats.1", "pattern": "(do not contact)"}]}]}
                """);
        assertThat(run("alerts", "--data", fixture("uci_tiny.tsv").toString(), "--format", "uci",
                "--patterns", patterns.toString())).isZero();
        JsonNode report = JsonMappers.PLAIN.readTree(out.toString());
        assertThat(report.get("patterns").asText()).isEqualTo(patterns.toString());
        assertThat(report.get("seed_phrases_triggered").asInt()).isEqualTo(1);
        assertThat(report.get("seed_phrases_missed").size()).isEqualTo(36);
    }

    @Test
    void csvWithColumnsReportsModelCombinedAndReviewBesideThePatterns() throws Exception {
        Path file = dir.resolve("mine.csv");
        Files.writeString(file, "id,said,gold\n"
                + "1,\"I can't keep going, everyone would be better off without me\",suicidal\n"
                + "2,I want to die,suicidal\n"
                + "3,this traffic is killing me,ordinary\n"
                + "4,see you at 7,ordinary\n");
        int exit = run("alerts", "--data", file.toString(), "--format", "csv", "--text-column", "said",
                "--label-column", "gold", "--positive", "suicidal", "--compact");

        assertThat(exit).as(err.toString()).isZero();
        JsonNode report = JsonMappers.PLAIN.readTree(out.toString());
        assertThat(report.get("dataset").asText()).isEqualTo("csv");
        assertThat(report.get("hostile").asLong()).isEqualTo(2);
        assertThat(report.get("benign").asLong()).isEqualTo(2);
        assertThat(report.at("/parley/hostile_flagged").asLong()).isEqualTo(1); // only "want to die" is a pattern
        assertThat(report.at("/model/per_category/self_harm/hostile").asLong()).isEqualTo(2);
        assertThat(report.at("/combined/hostile_flagged").asLong()).isEqualTo(2);
        assertThat(report.at("/combined/benign_flagged").asLong()).isZero();
        assertThat(report.at("/review/hostile_flagged").asLong()).isEqualTo(2);
        assertThat(report.at("/review/benign_flagged").asLong()).isZero();
        assertThat(report.get("model_file").asText()).isEqualTo("built-in alert_heads.json");
        assertThat(out.toString()).doesNotContain("traffic");
    }

    @Test
    void csvOptionsAreRefusedWhereTheyDoNotApplyAndRequiredWhereTheyDo() throws Exception {
        assertThat(run("alerts", "--data", fixture("uci_tiny.tsv").toString(), "--format", "uci", "--positive",
                "spam")).isEqualTo(2);
        assertThat(err.toString()).contains("apply to --format csv only");
        assertThat(run("alerts", "--data", fixture("uci_tiny.tsv").toString(), "--format", "csv")).isEqualTo(2);
        assertThat(err.toString()).contains("needs --text-column, --label-column and --positive");
        Path file = dir.resolve("nolabel.csv");
        Files.writeString(file, "text\nhello\n");
        assertThat(run("alerts", "--data", file.toString(), "--format", "csv", "--text-column", "text",
                "--label-column", "label", "--positive", "x")).isEqualTo(2);
        assertThat(err.toString()).contains("header has no column 'label'");
    }
}
