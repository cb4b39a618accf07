package dev.parley.adapter.memory;

import dev.parley.application.model.ModelCall;
import dev.parley.application.model.ModelCallLog;
import java.util.ArrayList;
import java.util.List;

/** The call log of an in-memory Parley (replays, benchmarks): a list, newest last, ids from 1. */
public final class InMemoryModelCallLog implements ModelCallLog {
    private final List<ModelCall> calls = new ArrayList<>();

    @Override
    public synchronized long record(ModelCall call) {
        long id = calls.size() + 1L;
        calls.add(call.withId(id));
        return id;
    }

    @Override
    public synchronized List<ModelCall> recent(int limit) {
        var newestFirst = new ArrayList<ModelCall>();
        for (int i = calls.size() - 1; i >= 0 && newestFirst.size() < limit; i--) newestFirst.add(calls.get(i));
        return newestFirst;
    }

    @Override
    public synchronized List<ModelCall> ofConversation(long conversationId) {
        return calls.stream().filter(c -> c.conversationId() != null && c.conversationId() == conversationId).toList();
    }
}
