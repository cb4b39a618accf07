package dev.parley.adapter.embedding;

import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.embedding.Embedding;
import java.util.List;

/**
 * The quantized all-MiniLM-L6-v2 sentence encoder (384 dimensions) running in process on ONNX Runtime. The model
 * ships inside the langchain4j jar, so it works offline. It is loaded on first use (about a second), not at start,
 * and shared by every instance in the JVM.
 */
public final class MiniLmTextEmbedder implements TextEmbedder {
    public static final String MODEL = "all-minilm-l6-v2-q";
    private static final int DIMENSIONS = 384;

    /** One model per JVM: it is immutable and thread-safe, and loading it costs about a second and ~25 MB. */
    private static volatile AllMiniLmL6V2QuantizedEmbeddingModel model;

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
        if (text == null || !hasTokens(text)) {
            // Nothing to mean: a zero vector, similar to nothing (cosine 0).
            return new Embedding(MODEL, new float[DIMENSIONS]);
        }
        return Embedding.normalized(MODEL, loaded().embed(text).content().vector());
    }

    @Override
    public List<Embedding> embedAll(List<String> texts) {
        return texts.stream().map(this::embed).toList();
    }

    /**
     * False when the BERT tokenizer would keep nothing of {@code text}: only white space, control and format
     * characters, combining marks or variation selectors (a message of "︎ ︎ ︎"). The encoder fails on an empty token
     * list instead of answering, so such a text gets the zero vector like a blank one.
     */
    static boolean hasTokens(String text) {
        return text.codePoints().anyMatch(c -> switch (Character.getType(c)) {
            case Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                 Character.CONTROL, Character.FORMAT, Character.NON_SPACING_MARK, Character.ENCLOSING_MARK,
                 Character.UNASSIGNED, Character.SURROGATE -> false;
            default -> !Character.isWhitespace(c);
        });
    }

    private AllMiniLmL6V2QuantizedEmbeddingModel loaded() {
        var m = model;
        if (m == null) {
            synchronized (MiniLmTextEmbedder.class) {
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
