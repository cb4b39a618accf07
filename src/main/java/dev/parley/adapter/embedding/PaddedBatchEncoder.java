package dev.parley.adapter.embedding;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link SentenceModel} run on several texts at once, padded to the longest (at most 512 tokens), for
 * {@code parley bench embedders} only: it measures what batching would gain. Parley itself embeds one text at a time
 * ({@link OnnxTextEmbedder}) in training and in serving alike, because these quantized models give a padded batch
 * slightly different vectors (the benchmark reports by how much).
 */
public final class PaddedBatchEncoder implements AutoCloseable {
    private static final int MAX_TOKENS = 512;
    private final SentenceModel model;
    private final OrtEnvironment environment = OrtEnvironment.getEnvironment();
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;

    public PaddedBatchEncoder(SentenceModel model) {
        this.model = model;
        try (var options = new OrtSession.SessionOptions(); var weights = resource(model.modelFile());
             var vocabulary = resource(model.tokenizerFile())) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            this.session = environment.createSession(weights.readAllBytes(), options);
            this.tokenizer = HuggingFaceTokenizer.newInstance(vocabulary, Map.of("padding", "true",
                    "truncation", "true", "maxLength", Integer.toString(MAX_TOKENS)));
        } catch (OrtException e) {
            throw new IllegalStateException("the embedding model " + model.id() + " could not be loaded", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Unit vectors of {@code texts}, in order, from one run of the model over the padded batch. */
    public float[][] embed(List<String> texts) {
        var encodings = tokenizer.batchEncode(texts.stream().map(t -> model.prefix() + t).toList());
        int n = encodings.length;
        int length = encodings[0].getIds().length;
        long[][] ids = new long[n][];
        long[][] mask = new long[n][];
        long[][] types = new long[n][];
        for (int i = 0; i < n; i++) {
            ids[i] = encodings[i].getIds();
            mask[i] = encodings[i].getAttentionMask();
            types[i] = encodings[i].getTypeIds();
        }
        var inputs = new HashMap<String, OnnxTensor>();
        try {
            inputs.put("input_ids", OnnxTensor.createTensor(environment, ids));
            inputs.put("attention_mask", OnnxTensor.createTensor(environment, mask));
            if (session.getInputNames().contains("token_type_ids")) {
                inputs.put("token_type_ids", OnnxTensor.createTensor(environment, types));
            }
            try (var result = session.run(inputs)) {
                float[][][] hidden = (float[][][]) result.get(0).getValue();
                float[][] out = new float[n][];
                for (int i = 0; i < n; i++) out[i] = unit(pool(hidden[i], mask[i], length));
                return out;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("the embedding model " + model.id() + " failed", e);
        } finally {
            inputs.values().forEach(OnnxTensor::close);
        }
    }

    private float[] pool(float[][] tokens, long[] mask, int length) {
        if (model.pooling() == PoolingMode.CLS) return tokens[0].clone();
        float[] sum = new float[tokens[0].length];
        int kept = 0;
        for (int t = 0; t < length; t++) {
            if (mask[t] == 0) continue;
            kept++;
            for (int d = 0; d < sum.length; d++) sum[d] += tokens[t][d];
        }
        for (int d = 0; d < sum.length; d++) sum[d] /= Math.max(1, kept);
        return sum;
    }

    private static float[] unit(float[] v) {
        double norm = 0;
        for (float x : v) norm += (double) x * x;
        norm = Math.sqrt(norm);
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) out[i] = norm == 0 ? 0 : (float) (v[i] / norm);
        return out;
    }

    private static InputStream resource(String name) throws IOException {
        var in = PaddedBatchEncoder.class.getClassLoader().getResourceAsStream(name);
        if (in == null) throw new IOException(name + " is missing from the classpath");
        return in;
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException(e);
        }
        tokenizer.close();
    }
}
