package dev.parley.application.stage;

import dev.parley.application.playbook.SlowCalls;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The slow calls of one unit of work: made at Prepare ({@link #making()}) and recalled at Commit ({@link #recalling()},
 * which never makes one). Kept across the unit's attempts, so preparing again after a change makes only the calls
 * whose requests changed.
 */
public final class PreparedCalls {
    private static final Object NULL = new Object();

    /** A call that failed at Prepare: it fails the same way when recalled, so both runs take the same branch. */
    private record Failed(RuntimeException failure) {
    }

    private final Map<String, Object> results = new ConcurrentHashMap<>();
    private final SlowCalls making = new SlowCalls() {
        @Override
        public <T> T call(String kind, String key, Supplier<T> work) {
            var id = id(kind, key);
            var known = results.get(id);
            if (known != null) return unwrap(known);
            T result;
            try {
                result = work.get();
            } catch (RuntimeException e) {
                results.put(id, new Failed(e));
                throw e;
            }
            results.put(id, result == null ? NULL : result);
            return result;
        }
    };
    private final SlowCalls recalling = new SlowCalls() {
        @Override
        public <T> T call(String kind, String key, Supplier<T> work) {
            var known = results.get(id(kind, key));
            if (known == null) throw new Unprepared(kind, key, work);
            return unwrap(known);
        }
    };

    /** At Prepare, with no transaction open: a call is made (once), and remembered. */
    public SlowCalls making() {
        return making;
    }

    /** At Commit: a call is answered from what Prepare made, or {@link SlowCalls.Unprepared} is thrown. */
    public SlowCalls recalling() {
        return recalling;
    }

    /**
     * Makes the call the Commit stage missed (at Prepare, with no transaction open). A failure is remembered, not
     * thrown: the Commit stage meets it where the decider asks, as it would have met it then.
     */
    public void make(SlowCalls.Unprepared missed) {
        try {
            making.call(missed.kind(), missed.key(), missed.work());
        } catch (RuntimeException remembered) {
            // kept as the call's result
        }
    }

    /** How many calls are remembered. */
    public int size() {
        return results.size();
    }

    private static String id(String kind, String key) {
        return kind + '\u0000' + key;
    }

    @SuppressWarnings("unchecked")
    private static <T> T unwrap(Object known) {
        if (known instanceof Failed failed) throw failed.failure();
        return known == NULL ? null : (T) known;
    }
}
