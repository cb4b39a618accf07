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
        if (text == null) return inner.embed(null);
        float[] known;
        synchronized (recent) {
            known = recent.get(text);
        }
        if (known != null) return new Embedding(model(), known.clone());
        var computed = inner.embed(text);
        synchronized (recent) {
            recent.put(text, computed.vector().clone());
        }
        return computed;
    }
}
