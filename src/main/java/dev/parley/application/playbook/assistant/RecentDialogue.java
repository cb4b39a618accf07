package dev.parley.application.playbook.assistant;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-process dialogue memory: per conversation, the turns of the last {@code keep} (older ones are dropped as
 * new ones arrive), at most {@code maxTurns}. Lost on restart by design: it is short-term memory; the store keeps
 * the conversation itself.
 */
public final class RecentDialogue implements DialogueMemory {
    private final Duration keep;
    private final int maxTurns;
    private final Map<Long, Deque<Turn>> turns = new ConcurrentHashMap<>();

    public RecentDialogue(Duration keep, int maxTurns) {
        this.keep = keep;
        this.maxTurns = maxTurns;
    }

    @Override
    public List<Turn> recent(long conversationId, Instant since) {
        var deque = turns.get(conversationId);
        if (deque == null) return List.of();
        synchronized (deque) {
            return deque.stream().filter(t -> !t.at().isBefore(since)).toList();
        }
    }

    @Override
    public void add(long conversationId, Turn turn) {
        var deque = turns.computeIfAbsent(conversationId, id -> new ArrayDeque<>());
        synchronized (deque) {
            deque.addLast(turn);
            while (deque.size() > maxTurns || !deque.isEmpty() && deque.peekFirst().at().isBefore(turn.at().minus(keep))) {
                deque.pollFirst();
            }
        }
    }
}
