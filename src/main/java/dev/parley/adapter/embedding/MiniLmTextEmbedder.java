package dev.parley.adapter.embedding;

import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.embedding.Embedding;
import java.util.List;

/**
 * The quantized all-MiniLM-L6-v2 sentence encoder (384 dimensions) running in process on ONNX Runtime. The model
 * ships inside the langchain4j jar, so it works offline. It is loaded on first use (about a second), not at start,
 * and shared by every instance in the JVM.
 *
 * <p>Each call runs on the caller's thread alone ({@link OnnxTextEmbedder}): ONNX Runtime's default session keeps a pool
 * of busy-waiting threads, one per core, which on a two-core machine doubled the wall time of every embedding once
 * anything else ran (the pipeline's workers, a demo, other processes). The vectors are the same, bit for bit
 * ({@code MiniLmTextEmbedderTest}).
 */
public final class MiniLmTextEmbedder implements TextEmbedder {
    public static final String MODEL = "all-minilm-l6-v2-q";
    private static final int DIMENSIONS = 384;

    private final OnnxTextEmbedder encoder = new OnnxTextEmbedder(SentenceModel.MINILM);

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
        return encoder.embed(text);
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
}
