package dev.parley.adapter.embedding;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.embedding.Embedding;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Map;

/**
 * One of the {@link SentenceModel}s running in process on ONNX Runtime, one text per call on the caller's thread
 * (one intra-op thread that does not spin, as for MiniLM: ADR 0018). Training and serving both embed one text at a
 * time through this class: a padded batch gives slightly different vectors for these quantized models. The model
 * loads on first use and is shared by every instance in the JVM.
 */
public final class OnnxTextEmbedder implements TextEmbedder {
    private static final Map<SentenceModel, Encoder> LOADED = new EnumMap<>(SentenceModel.class);

    private final SentenceModel model;

    public OnnxTextEmbedder(SentenceModel model) {
        this.model = model;
    }

    /** The embedder of {@link SentenceModel#PRODUCT}, the one the whole product uses. */
    public static TextEmbedder product() {
        return forModel(SentenceModel.PRODUCT.id());
    }

    /** The embedder for the model named {@code id} (as stored beside vectors and in the heads file). */
    public static TextEmbedder forModel(String id) {
        var known = SentenceModel.byId(id).orElseThrow(() -> new IllegalArgumentException(
                "unknown embedding model '" + id + "' (known: " + SentenceModel.ids() + ")"));
        return new OnnxTextEmbedder(known);
    }

    @Override
    public String model() {
        return model.id();
    }

    @Override
    public int dimensions() {
        return SentenceModel.DIMENSIONS;
    }

    @Override
    public Embedding embed(String text) {
        if (text == null || !MiniLmTextEmbedder.hasTokens(text)) {
            return new Embedding(model.id(), new float[SentenceModel.DIMENSIONS]);
        }
        return Embedding.normalized(model.id(), encoder().embed(model.prefix() + text).content().vector());
    }

    private Encoder encoder() {
        synchronized (LOADED) {
            return LOADED.computeIfAbsent(model, Encoder::new);
        }
    }

    /** The library's encoder for one model's files on a single-threaded, non-spinning session. */
    private static final class Encoder extends AbstractInProcessEmbeddingModel {
        private final OnnxBertBiEncoder encoder;

        Encoder(SentenceModel model) {
            super(null);
            var environment = OrtEnvironment.getEnvironment();
            try (var options = new OrtSession.SessionOptions(); var weights = resource(model.modelFile());
                 var tokenizer = resource(model.tokenizerFile())) {
                options.setIntraOpNumThreads(1);
                options.setInterOpNumThreads(1);
                options.addConfigEntry("session.intra_op.allow_spinning", "0");
                var session = environment.createSession(weights.readAllBytes(), options);
                this.encoder = new OnnxBertBiEncoder(environment, session, tokenizer, model.pooling());
            } catch (OrtException e) {
                throw new IllegalStateException("the embedding model " + model.id() + " could not be loaded", e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static InputStream resource(String name) throws IOException {
            var in = OnnxTextEmbedder.class.getClassLoader().getResourceAsStream(name);
            if (in == null) throw new IOException(name + " is missing from the classpath");
            return in;
        }

        @Override
        protected OnnxBertBiEncoder model() {
            return encoder;
        }

        @Override
        protected Integer knownDimension() {
            return SentenceModel.DIMENSIONS;
        }
    }
}
