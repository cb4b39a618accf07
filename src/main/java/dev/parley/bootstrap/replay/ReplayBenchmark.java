package dev.parley.bootstrap.replay;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code parley bench replay}: replays generated conversations in one isolated session and reports events per
 * second of the replay loop (opening the store is not counted; docs/benchmarks.md).
 */
public final class ReplayBenchmark {
    private ReplayBenchmark() {
    }

    public static Map<String, Object> run(int conversations, String playbook, ReplayStore store) {
        var events = SyntheticConversations.generate(conversations, playbook, ReplaySession.SEED);
        long[] lines = {0};
        try (var session = ReplaySession.open(events.getFirst().at(), null, List.of(), line -> lines[0]++,
                store)) {
            long begin = System.nanoTime();
            session.applyAll(events);
            double seconds = (System.nanoTime() - begin) / 1e9;
            var result = new LinkedHashMap<String, Object>();
            result.put("events", events.size());
            result.put("seconds", Math.round(seconds * 1000) / 1000.0);
            result.put("events_per_s", Math.round(events.size() / seconds));
            return result;
        }
    }
}
