package dev.parley.bootstrap.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.replay.ReplayEvent;
import dev.parley.application.replay.ReplayFileReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every golden replay and the replay tests' own scenarios give byte-identical transcripts on the in-memory store
 * and on H2: the fast store changes nothing but the speed.
 */
class ReplayStoresAgreeTest {

    @TestFactory
    Stream<DynamicTest> transcriptsAreIdenticalOnBothStores() throws Exception {
        var scenarios = new ArrayList<DynamicTest>();
        List<Path> goldens;
        try (var files = Files.walk(GoldenReplaysTest.ROOT)) {
            goldens = files.filter(p -> p.toString().endsWith(".replay.jsonl")).sorted().toList();
        }
        assertThat(goldens).isNotEmpty();
        for (var golden : goldens) {
            scenarios.add(agree(GoldenReplaysTest.ROOT.relativize(golden).toString(), ReplayFileReader.read(golden)));
        }
        scenarios.add(agree("interleaved timers", ReplayFileReader.read("t", ReplaySessionTest.INTERLEAVED_TIMERS)));
        scenarios.add(agree("ends before a timer", ReplayFileReader.read("t", ReplaySessionTest.ENDS_BEFORE_TIMER)));
        scenarios.add(agree("held after a critical alert",
                ReplayFileReader.read("t", ReplaySessionTest.HELD_AFTER_CRITICAL)));
        scenarios.add(agree("30 synthetic ticket conversations", SyntheticConversations.generate(30, "ticket", 7)));
        scenarios.add(agree("30 synthetic noop conversations",
                SyntheticConversations.generate(30, null, ReplaySession.SEED)));
        return scenarios.stream();
    }

    private static DynamicTest agree(String name, List<ReplayEvent> events) {
        return DynamicTest.dynamicTest(name, () -> {
            var memory = ReplaySessionTest.transcript(events, ReplayStore.MEMORY);
            var h2 = ReplaySessionTest.transcript(events, ReplayStore.H2);
            assertThat(memory).isNotEmpty();
            assertThat(memory).isEqualTo(h2);
            assertThat(memory.getBytes(StandardCharsets.UTF_8)).isEqualTo(h2.getBytes(StandardCharsets.UTF_8));
        });
    }
}
