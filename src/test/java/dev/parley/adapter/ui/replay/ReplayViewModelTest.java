package dev.parley.adapter.ui.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.ui.CurrentThreadTaskExecutor;
import dev.parley.application.console.ReplayRunner;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayViewModelTest {
    final CurrentThreadTaskExecutor executor = new CurrentThreadTaskExecutor();

    @Test
    void runsAStoredConversationWithProgressAndShowsDifferences() {
        var progress = new ArrayList<Double>();
        ReplayRunner runner = (source, p, cancelled) -> {
            assertThat(source).isEqualTo(new ReplayRunner.Source.Conversation(42));
            for (int i = 1; i <= 4; i++) p.update(i, 4);
            return new ReplayRunner.Result(List.of(new ReplayRunner.Line("t1", "in", "hi", "hi"),
                    new ReplayRunner.Line("t2", "out", "reply A", "reply B")), false);
        };
        var model = new ReplayViewModel(runner, executor);
        model.progress().addListener((o, a, b) -> progress.add(b.doubleValue()));
        model.source().set("42");
        model.run();
        assertThat(progress).containsExactly(0.25, 0.5, 0.75, 1.0);
        assertThat(model.transcript()).hasSize(2);
        assertThat(model.status().get()).isEqualTo("Done: 2 lines, 1 differ from the stored conversation");
        assertThat(model.running().get()).isFalse();
    }

    @Test
    void aPathIsAReplayFileAndCancellationStopsEarly() {
        ReplayRunner runner = (source, p, cancelled) -> {
            assertThat(source).isInstanceOf(ReplayRunner.Source.File.class);
            var lines = new ArrayList<ReplayRunner.Line>();
            for (int i = 0; i < 100 && !cancelled.getAsBoolean(); i++) {
                lines.add(new ReplayRunner.Line("t" + i, "in", "x", null));
                if (i == 9) executor.requestCancel();
            }
            return new ReplayRunner.Result(lines, cancelled.getAsBoolean());
        };
        var model = new ReplayViewModel(runner, executor);
        model.source().set("/tmp/conversation.replay.jsonl");
        model.run();
        assertThat(model.transcript()).hasSize(10);
        assertThat(model.status().get()).startsWith("Cancelled after 10 lines");
    }

    @Test
    void theDefaultRunnerSaysTheEngineIsMissing() {
        var model = new ReplayViewModel(ReplayRunner.UNAVAILABLE, executor);
        model.source().set("7");
        model.run();
        assertThat(model.status().get()).contains("not installed");
    }
}
