package dev.parley.adapter.embedding;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.parley.application.embedding.TextEmbedder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import dev.parley.domain.embedding.Embedding;
import java.util.List;

/**
 * The quantized all-MiniLM-L6-v2 sentence encoder (384 dimensions) running in process on ONNX Runtime. The model
 * ships inside the langchain4j jar, so it works offline. It is loaded on first use (about a second), not at start,
 * and shared by every instance in the JVM.
 *
 * <p>Each call runs on the caller's thread alone ({@link SingleThreaded}): ONNX Runtime's default session keeps a pool
 * of busy-waiting threads, one per core, which on a two-core machine doubled the wall time of every embedding once
 * anything else ran (the pipeline's workers, a demo, other processes). The vectors are the same, bit for bit
 * ({@code MiniLmTextEmbedderTest}).
 */
public final class MiniLmTextEmbedder implements TextEmbedder {
    public static final String MODEL = "all-minilm-l6-v2-q";
    private static final int DIMENSIONS = 384;

    /** One model per JVM: it is immutable and thread-safe, and loading it costs about a second and ~25 MB. */
    private static volatile SingleThreaded model;

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

    private SingleThreaded loaded() {
        var m = model;
        if (m == null) {
            synchronized (MiniLmTextEmbedder.class) {
                m = model;
                if (m == null) {
                    m = new SingleThreaded();
                    model = m;
                }
            }
        }
        return m;
    }

    /**
     * The library's quantized MiniLM (same files, same mean pooling) on a session of one intra-op thread that does
     * not spin: callers that want parallelism (the pipeline's workers) call from several threads.
     */
    static final class SingleThreaded extends AbstractInProcessEmbeddingModel {
        private static final String MODEL_FILE = "/all-minilm-l6-v2-q.onnx";
        private static final String TOKENIZER_FILE = "/all-minilm-l6-v2-q-tokenizer.json";
        private final OnnxBertBiEncoder encoder;

        SingleThreaded() {
            super(null);
            var environment = OrtEnvironment.getEnvironment();
            try (var options = new OrtSession.SessionOptions(); var model = resource(MODEL_FILE);
                 var tokenizer = resource(TOKENIZER_FILE)) {
                options.setIntraOpNumThreads(1);
                options.setInterOpNumThreads(1);
                options.addConfigEntry("session.intra_op.allow_spinning", "0");
                var session = environment.createSession(model.readAllBytes(), options);
                this.encoder = new OnnxBertBiEncoder(environment, session, tokenizer, PoolingMode.MEAN);
            } catch (OrtException e) {
                throw new IllegalStateException("the embedding model could not be loaded", e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        // a class literal does not initialise the library's model class, so its own session is never built
        private static InputStream resource(String name) throws IOException {
            var in = AllMiniLmL6V2QuantizedEmbeddingModel.class.getResourceAsStream(name);
            if (in == null) throw new IOException(name + " is missing from the classpath");
            return in;
        }

        @Override
        protected OnnxBertBiEncoder model() {
            return encoder;
        }

        @Override
        protected Integer knownDimension() {
            return DIMENSIONS;
        }
    }
}
