package dev.parley.adapter.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.application.JsonMappers;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code bench validate} prints its figures as one JSON object (their values are for docs/benchmarks.md, not tests). */
class BenchValidateCommandTest {
    @Test
    void printsPercentilesAndThroughput() throws Exception {
        var out = new StringWriter();
        var cli = new CommandLine(new BenchValidateCommand());
        cli.setOut(new PrintWriter(out));
        assertThat(cli.execute("--messages", "200", "--model-messages", "100")).isZero();
        JsonNode report = JsonMappers.PLAIN.readTree(out.toString());
        assertThat(report.get("messages").asInt()).isEqualTo(200);
        assertThat(report.get("p50_us").asDouble()).isPositive();
        assertThat(report.get("p99_us").asDouble()).isGreaterThanOrEqualTo(report.get("p50_us").asDouble());
        assertThat(report.get("validations_per_second").asLong()).isPositive();
        assertThat(report.get("policy_version").asText()).hasSize(16);
        // the same validations with the learned heads, in the same run
        JsonNode heads = report.get("with_heads");
        assertThat(heads.get("messages").asInt()).isEqualTo(100);
        assertThat(heads.get("p99_us").asDouble()).isGreaterThanOrEqualTo(heads.get("p50_us").asDouble());
        assertThat(heads.get("p50_us").asDouble()).isPositive();
    }

    @Test
    void refusesTooFewMessages() {
        var cli = new CommandLine(new BenchValidateCommand());
        cli.setErr(new PrintWriter(new StringWriter()));
        assertThat(cli.execute("--messages", "5")).isEqualTo(2);
        assertThat(cli.execute("--model-messages", "5")).isEqualTo(2);
    }
}
