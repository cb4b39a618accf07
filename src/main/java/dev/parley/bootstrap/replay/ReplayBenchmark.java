package dev.parley.bootstrap.replay;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code parley bench replay}: replays generated conversations in one isolated session and reports events per
 * second of the replay loop. A warm-up replay of other conversations ({@code --warm-up}, 1,000 by default) in its
 * own session runs first and is not counted, so the figure is the steady state rather than the JIT compiling the
 * playbook's rules; opening the store is not counted either (docs/benchmarks.md).
 */
public final class ReplayBenchmark {
    private ReplayBenchmark() {
    }

    /** Replays {@code warmUp} conversations untimed (none when 0), then times {@code conversations} others. */
    public static Map<String, Object> run(int conversations, int warmUp, String playbook, ReplayStore store) {
        if (warmUp > 0) replay(SyntheticConversations.generate(warmUp, playbook, ReplaySession.SEED + 1), store);
        var events = SyntheticConversations.generate(conversations, playbook, ReplaySession.SEED);
        double seconds = replay(events, store);
        var result = new LinkedHashMap<String, Object>();
        result.put("events", events.size());
        result.put("seconds", Math.round(seconds * 1000) / 1000.0);
        result.put("events_per_s", Math.round(events.size() / seconds));
        result.put("warm_up_conversations", warmUp);
        return result;
    }

    /** Seconds the replay loop took. */
    private static double replay(List<dev.parley.application.replay.ReplayEvent> events, ReplayStore store) {
        long[] lines = {0};
        try (var session = ReplaySession.open(events.getFirst().at(), null, List.of(), line -> lines[0]++,
                store)) {
            long begin = System.nanoTime();
            session.applyAll(events);
            return (System.nanoTime() - begin) / 1e9;
        }
    }
}
