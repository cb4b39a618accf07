package dev.parley.adapter.persistence;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which of the processes that left rows SENDING this process takes for gone (team mode, docs/team.md): one that
 * stopped (its {@code stopped_at} is set), or one whose running lock this process has seen missing, every time it
 * looked, for at least {@code takeoverAfter}. A lock seen again resets the wait. A lost connection releases a
 * process's lock at once, although the process still runs and may still be sending; the wait leaves it the time to
 * notice, stop claiming, finish a send already on the wire and take its lock back ({@link PostgresProcessSession}).
 * Time is that of the caller's clock. Thread-safe: one per opened store.
 */
final class AbsentClaimants {
    private final Duration takeoverAfter;
    private final Map<Long, Instant> missingSince = new HashMap<>();

    AbsentClaimants(Duration takeoverAfter) {
        this.takeoverAfter = takeoverAfter;
    }

    /**
     * @param missing the processes holding SENDING rows whose running lock is missing now
     * @param stopped those of them that stopped cleanly
     * @return those taken for gone at {@code now}
     */
    synchronized Set<Long> gone(Collection<Long> missing, Collection<Long> stopped, Instant now) {
        missingSince.keySet().retainAll(missing);
        var gone = new HashSet<Long>();
        for (var process : missing) {
            var since = missingSince.computeIfAbsent(process, p -> now);
            if (stopped.contains(process) || !since.plus(takeoverAfter).isAfter(now)) gone.add(process);
        }
        return gone;
    }
}
