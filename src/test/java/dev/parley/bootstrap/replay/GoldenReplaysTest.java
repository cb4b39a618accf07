package dev.parley.bootstrap.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.replay.Expectation;
import dev.parley.application.replay.ExpectationMatcher;
import dev.parley.application.replay.ReplayFileReader;
import dev.parley.testing.TicketPlaybook;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every golden replay under src/test/resources/replays: {@code NAME.replay.jsonl} must produce a transcript
 * that meets {@code NAME.expected.jsonl}. Each playbook keeps its goldens in its own folder.
 */
class GoldenReplaysTest {
    static final Path ROOT = Path.of("src/test/resources/replays");

    @TestFactory
    Stream<DynamicTest> goldenReplays() throws Exception {
        List<Path> scenarios;
        try (var files = Files.walk(ROOT)) {
            scenarios = files.filter(p -> p.toString().endsWith(".replay.jsonl")).sorted().toList();
        }
        assertThat(scenarios).isNotEmpty();
        return scenarios.stream().map(scenario -> DynamicTest.dynamicTest(ROOT.relativize(scenario).toString(), () -> {
            var golden = Path.of(scenario.toString().replace(".replay.jsonl", ".expected.jsonl"));
            assertThat(golden).as("every scenario has its expected transcript").exists();
            var transcript = ReplaySession.run(ReplayFileReader.read(scenario), null, List.of(new TicketPlaybook()));
            var report = ExpectationMatcher.match(Expectation.read(golden), transcript);
            assertThat(report.passed()).as(report.render()).isTrue();
        }));
    }
}
