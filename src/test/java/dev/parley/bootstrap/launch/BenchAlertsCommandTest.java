package dev.parley.bootstrap.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonMappers;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code parley bench alerts} runs the whole screen and prints its figures (speed is measured, not asserted). */
class BenchAlertsCommandTest {
    @Test
    void printsLatencyThroughputAndCpuPerMessage() throws Exception {
        var out = new StringWriter();
        var err = new StringWriter();
        int exit = Main.run(new String[] {"bench", "alerts", "--messages", "20"}, new PrintWriter(out, true),
                new PrintWriter(err, true));
        assertThat(exit).as(err.toString()).isZero();
        var figures = JsonMappers.PLAIN.readTree(out.toString());
        assertThat(figures.get("messages").asInt()).isEqualTo(20);
        assertThat(figures.get("p99_ms").asDouble()).isGreaterThanOrEqualTo(figures.get("p50_ms").asDouble());
        assertThat(figures.get("embedding_p50_ms").asDouble()).isPositive();
        assertThat(figures.get("cpu_ms_per_message").asDouble()).isPositive();
        assertThat(figures.get("thread_cpu_p99_ms").asDouble())
                .isGreaterThanOrEqualTo(figures.get("thread_cpu_p50_ms").asDouble()).isPositive();
        assertThat(Main.run(new String[] {"bench", "alerts", "--messages", "3"}, new PrintWriter(out, true),
                new PrintWriter(err, true))).isEqualTo(2);
    }
}
