package dev.parley.adapter.embedding;

import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.embedding.Embedding;
import java.util.List;

/**
 * The quantized all-MiniLM-L6-v2 sentence encoder (384 dimensions) running in process on ONNX Runtime. The model
 * ships inside the langchain4j jar, so it works offline. It is loaded on first use (about a second), not at start.
 */
public final class MiniLmTextEmbedder implements TextEmbedder {
    public static final String MODEL = "all-minilm-l6-v2-q";
    private static final int DIMENSIONS = 384;

    private volatile AllMiniLmL6V2QuantizedEmbeddingModel model;

    @Override
    public String model() {
        return MODEL;
    }

    @Override
    public int dimensions() {
        return DIMENSIONS;
    }

    @Override
    public Embedding embed(String text) {
        if (text == null || text.isBlank()) {
            // Nothing to mean: a zero vector, similar to nothing (cosine 0).
            return new Embedding(MODEL, new float[DIMENSIONS]);
        }
        return Embedding.normalized(MODEL, loaded().embed(text).content().vector());
    }

    @Override
    public List<Embedding> embedAll(List<String> texts) {
        return texts.stream().map(this::embed).toList();
    }

    private AllMiniLmL6V2QuantizedEmbeddingModel loaded() {
        var m = model;
        if (m == null) {
            synchronized (this) {
                m = model;
                if (m == null) {
                    m = new AllMiniLmL6V2QuantizedEmbeddingModel();
                    model = m;
                }
            }
        }
        return m;
    }
}
