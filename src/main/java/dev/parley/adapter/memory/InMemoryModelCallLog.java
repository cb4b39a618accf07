package dev.parley.adapter.memory;

import dev.parley.application.model.ModelCall;
import dev.parley.application.model.ModelCallLog;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The call log of an in-memory Parley (replays, benchmarks, the demo's shards): the newest {@link #KEPT} calls, newest
 * last, ids from 1. Older calls are dropped: nothing of an in-memory Parley is kept after it closes, and a long run
 * (the demo's shards make some 300,000 calls each at 100,000 conversations) would otherwise hold every call in memory
 * to the end.
 */
public final class InMemoryModelCallLog implements ModelCallLog {
    /** Calls kept by default: far more than one replayed conversation or a console view asks for. */
    public static final int KEPT = 10_000;
    private final int kept;
    private final ArrayDeque<ModelCall> calls = new ArrayDeque<>();
    private long lastId;

    public InMemoryModelCallLog() {
        this(KEPT);
    }

    /** A log keeping the newest {@code kept} calls. */
    public InMemoryModelCallLog(int kept) {
        if (kept < 1) throw new IllegalArgumentException("kept must be >= 1");
        this.kept = kept;
    }

    @Override
    public synchronized long record(ModelCall call) {
        long id = ++lastId;
        if (calls.size() == kept) calls.removeFirst();
        calls.addLast(call.withId(id));
        return id;
    }

    @Override
    public synchronized List<ModelCall> recent(int limit) {
        var newestFirst = new ArrayList<ModelCall>();
        var it = calls.descendingIterator();
        while (it.hasNext() && newestFirst.size() < limit) newestFirst.add(it.next());
        return newestFirst;
    }

    @Override
    public synchronized void reassign(long provisionalConversationId, long conversationId) {
        var all = new ArrayList<>(calls);
        calls.clear();
        for (var call : all) {
            calls.addLast(call.conversationId() != null && call.conversationId() == provisionalConversationId
                    ? call.withConversation(conversationId) : call);
        }
    }

    @Override
    public synchronized List<ModelCall> ofConversation(long conversationId) {
        return calls.stream().filter(c -> c.conversationId() != null && c.conversationId() == conversationId).toList();
    }
}
