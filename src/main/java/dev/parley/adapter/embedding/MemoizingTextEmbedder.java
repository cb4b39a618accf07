package dev.parley.adapter.embedding;

import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.embedding.Embedding;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Remembers the vectors of the last {@code capacity} distinct texts in memory (least recently used first out), so a
 * text that recurs (a replay, a template reply, "ok thanks") is embedded once. Thread-safe; keeps nothing on disk.
 */
public final class MemoizingTextEmbedder implements TextEmbedder {
    private final TextEmbedder inner;
    private final Map<String, float[]> recent;
    private final java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicLong computed = new java.util.concurrent.atomic.AtomicLong();

    public MemoizingTextEmbedder(TextEmbedder inner, int capacity) {
        this.inner = inner;
        this.recent = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
                return size() > capacity;
            }
        };
    }

    @Override
    public String model() {
        return inner.model();
    }

    @Override
    public int dimensions() {
        return inner.dimensions();
    }

    @Override
    public Embedding embed(String text) {
        calls.incrementAndGet();
        if (text == null) return inner.embed(null);
        float[] known;
        synchronized (recent) {
            known = recent.get(text);
        }
        if (known != null) return new Embedding(model(), known.clone());
        var vector = inner.embed(text);
        computed.incrementAndGet();
        synchronized (recent) {
            recent.put(text, vector.vector().clone());
        }
        return vector;
    }

    /** How many texts were asked for since start (remembered or not): what the pipeline's "embed once" is checked on. */
    public long calls() {
        return calls.get();
    }

    /** How many of them the inner embedder computed (not remembered). */
    public long computed() {
        return computed.get();
    }
}
