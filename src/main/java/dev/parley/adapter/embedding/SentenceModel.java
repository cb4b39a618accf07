package dev.parley.adapter.embedding;

import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.util.Arrays;
import java.util.Optional;

/**
 * The small sentence encoders Parley can run in process: each ships as a Maven artefact with its quantized ONNX
 * weights and tokenizer inside (langchain4j's {@code langchain4j-embeddings-*-q}), so nothing is downloaded at run
 * time. {@code id} is the name stored beside every vector ({@code message_embeddings.model}) and in the heads file;
 * vectors of two models are never compared.
 */
public enum SentenceModel {
    /** all-MiniLM-L6-v2, quantized: 6 layers, mean pooling, no prefix. */
    MINILM("all-minilm-l6-v2-q", "all-minilm-l6-v2-q", PoolingMode.MEAN, ""),
    /** e5-small-v2, quantized: 12 layers, mean pooling; its model card asks for "query: " before every text. */
    E5_SMALL("e5-small-v2-q", "e5-small-v2-q", PoolingMode.MEAN, "query: "),
    /** bge-small-en-v1.5, quantized: 12 layers, CLS pooling, no prefix for classification. */
    BGE_SMALL("bge-small-en-v1.5-q", "bge-small-en-v1.5-q", PoolingMode.CLS, "");

    /**
     * The encoder the whole product embeds messages with (the pipeline, the demo, chime-in, recall, the CLI's
     * evaluations): the one the built-in heads were trained on ({@code ShippedAlertHeadsTest} checks that they
     * agree). Changing it means retraining the heads ({@code parley train alerts --embedder}); stored vectors carry
     * their model's name, so vectors of the old one are recomputed when next needed (ADR 0015).
     */
    public static final SentenceModel PRODUCT = MINILM;

    /** Every model here makes vectors of this many dimensions. */
    public static final int DIMENSIONS = 384;

    private final String id;
    private final String resource;
    private final PoolingMode pooling;
    private final String prefix;

    SentenceModel(String id, String resource, PoolingMode pooling, String prefix) {
        this.id = id;
        this.resource = resource;
        this.pooling = pooling;
        this.prefix = prefix;
    }

    /** The name stored with every vector. */
    public String id() {
        return id;
    }

    String modelFile() {
        return resource + ".onnx";
    }

    String tokenizerFile() {
        return resource + "-tokenizer.json";
    }

    PoolingMode pooling() {
        return pooling;
    }

    /** What the model card asks to put before every text ("query: " for e5), empty for the others. */
    String prefix() {
        return prefix;
    }

    /** The model whose {@link #id()} is {@code id}. */
    public static Optional<SentenceModel> byId(String id) {
        return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst();
    }

    /** The ids, for messages. */
    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(SentenceModel::id).toList());
    }
}
