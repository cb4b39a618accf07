package dev.parley.application.alerts.training;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Fingerprints a model file keeps of what it was trained on, so a test can check a shipped file against the data,
 * the embedder and the trainer without embedding every row: the SHA-256 of the rows (kind, source, group and text
 * of each, in order), of the vectors of a fixed sample of them (the rows whose text's SHA-256 starts with a byte
 * below 2: about 1 in 128) and of the heads the same trainer fits on that sample alone (the canary).
 */
public final class TrainingDigests {
    private TrainingDigests() {
    }

    /** SHA-256 (hex) of {@code rows} in order. */
    public static String rows(List<TrainingRow> rows) {
        var digest = sha256();
        for (var row : rows) {
            digest.update((row.kind() + "\u0000" + row.source().id() + "\u0000" + row.group() + "\u0000" + row.text()
                    + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** The indices of the sampled rows, in order. */
    public static int[] sample(List<TrainingRow> rows) {
        return IntStream.range(0, rows.size())
                .filter(i -> (sha256().digest(rows.get(i).text().getBytes(StandardCharsets.UTF_8))[0] & 0xff) < 2)
                .toArray();
    }

    /** SHA-256 (hex) of the sampled rows' texts and vectors ({@code vectors[k]} is the vector of sample row k). */
    public static String vectors(List<TrainingRow> rows, int[] sample, float[][] vectors) {
        var digest = sha256();
        for (int k = 0; k < sample.length; k++) {
            digest.update(rows.get(sample[k]).text().getBytes(StandardCharsets.UTF_8));
            var bytes = ByteBuffer.allocate(vectors[k].length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (float v : vectors[k]) bytes.putFloat(v);
            digest.update(bytes.array());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /**
     * The canary: SHA-256 (hex) of the heads {@code trainer} fits on the sampled rows and their vectors alone
     * (category, flags, bias, weights and thresholds, bit for bit).
     */
    public static String canary(AlertHeadTrainer trainer, List<TrainingRow> rows, int[] sample, float[][] vectors,
                                String embeddingModel, List<HeadSpec> specs) {
        var sampled = java.util.Arrays.stream(sample).mapToObj(rows::get).toList();
        var heads = trainer.train(sampled, vectors, embeddingModel, specs);
        var digest = sha256();
        digest.update(heads.embeddingModel().getBytes(StandardCharsets.UTF_8));
        for (var head : heads.heads()) {
            var bytes = ByteBuffer.allocate(64 + head.weights().length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            bytes.putInt(head.raisesAlerts() ? 1 : 0).putDouble(head.bias())
                    .putDouble(head.thresholds().critical()).putDouble(head.thresholds().review());
            for (float w : head.weights()) bytes.putFloat(w);
            digest.update(head.category().getBytes(StandardCharsets.UTF_8));
            digest.update(bytes.array(), 0, bytes.position());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
