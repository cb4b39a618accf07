package dev.parley.bootstrap.replay;

import dev.parley.application.console.ReplayRunner;
import dev.parley.application.replay.ReplayEvent;
import dev.parley.application.replay.ReplayFileReader;
import dev.parley.application.replay.TranscriptLine;
import dev.parley.bootstrap.ParleyApp;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * The console's Replay view on the replay engine: a file, or a conversation exported from the running store,
 * replayed event by event in an isolated in-memory session (progress and cancel between events). For a stored
 * conversation, the lines after the transcript say where today's policy differs from what is stored.
 */
public final class ConsoleReplayRunner implements ReplayRunner {
    private final ParleyApp live;

    public ConsoleReplayRunner(ParleyApp live) {
        this.live = live;
    }

    @Override
    public Result run(Source source, Progress progress, BooleanSupplier cancelled) {
        List<ReplayEvent> events = switch (source) {
            case Source.File file -> ReplayFileReader.read(file.path());
            case Source.Conversation c -> ConversationExport.export(live, c.conversationId());
        };
        var lines = new ArrayList<Line>();
        if (events.isEmpty()) return new Result(lines, false);
        try (var session = ReplaySession.open(events.getFirst().at(), null, List.of(),
                line -> lines.add(toLine(line)))) {
            for (int i = 0; i < events.size(); i++) {
                if (cancelled.getAsBoolean()) return new Result(lines, true);
                session.apply(events.get(i));
                progress.update(i + 1, events.size());
            }
        }
        if (source instanceof Source.Conversation c) {
            var comparison = ConversationComparison.compare(live, c.conversationId(), null, List.of(),
                    ReplayStore.MEMORY);
            for (var difference : comparison.differences()) {
                lines.add(new Line("", "difference", difference, "(stored)"));
            }
        }
        return new Result(lines, false);
    }

    private static Line toLine(TranscriptLine line) {
        var text = line.conversation() + "  " + line.fields().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("  "));
        return new Line(line.at().toString(), line.kind(), text, null);
    }
}
