package dev.parley.adapter.embedding;

import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.embedding.Embedding;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A {@link TextEmbedder} that remembers every vector in a file, keyed by the SHA-256 of the text (never the text
 * itself), so bulk evaluations embed each distinct line once across runs. Not for the pipeline, which stores vectors
 * per message (decision 0006). The file holds one model's vectors; a file of another model is ignored and replaced.
 * Without a file ({@code null}) it only remembers in memory.
 */
public final class EmbeddingCacheFile implements TextEmbedder, AutoCloseable {
    private static final int KEY_BYTES = 32;

    private final TextEmbedder embedder;
    private final Path file;
    private final Map<String, float[]> vectors = new HashMap<>();
    private final List<Map.Entry<String, float[]>> fresh = new ArrayList<>();
    private final String header;
    private int computed;

    public EmbeddingCacheFile(TextEmbedder embedder, Path file) {
        this.embedder = embedder;
        this.file = file;
        this.header = "parley-embeddings v1 " + embedder.model() + " " + embedder.dimensions() + "\n";
        load();
    }

    @Override
    public String model() {
        return embedder.model();
    }

    @Override
    public int dimensions() {
        return embedder.dimensions();
    }

    @Override
    public synchronized Embedding embed(String text) {
        var key = key(text);
        var known = vectors.get(key);
        if (known != null) return new Embedding(model(), known);
        var computedVector = embedder.embed(text);
        vectors.put(key, computedVector.vector());
        fresh.add(Map.entry(key, computedVector.vector()));
        computed++;
        return computedVector;
    }

    /** Whether {@code text} already has a vector here. */
    public synchronized boolean has(String text) {
        return vectors.containsKey(key(text));
    }

    /** Vectors computed (not found) since this cache was opened. */
    public synchronized int computed() {
        return computed;
    }

    /** Appends the vectors computed since the last flush. */
    public synchronized void flush() {
        if (fresh.isEmpty() || file == null) return;
        try {
            if (file.getParent() != null) Files.createDirectories(file.getParent());
            boolean start = !Files.exists(file) || Files.size(file) == 0;
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file, StandardOpenOption.CREATE,
                    start ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND))) {
                if (start) out.write(header.getBytes(StandardCharsets.US_ASCII));
                var buffer = ByteBuffer.allocate(KEY_BYTES + 4 * dimensions()).order(ByteOrder.LITTLE_ENDIAN);
                for (var entry : fresh) {
                    buffer.clear();
                    buffer.put(HexFormat.of().parseHex(entry.getKey()));
                    for (float v : entry.getValue()) buffer.putFloat(v);
                    out.write(buffer.array());
                }
            }
            fresh.clear();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write embedding cache " + file, e);
        }
    }

    @Override
    public void close() {
        flush();
    }

    private void load() {
        if (file == null || !Files.exists(file)) return;
        try (var in = new DataInputStream(new java.io.BufferedInputStream(Files.newInputStream(file)))) {
            var expected = header.getBytes(StandardCharsets.US_ASCII);
            var actual = in.readNBytes(expected.length);
            if (!java.util.Arrays.equals(expected, actual)) {
                Files.delete(file); // another model or format: start again
                return;
            }
            var record = new byte[KEY_BYTES + 4 * dimensions()];
            long whole = (Files.size(file) - expected.length) / record.length;
            for (long n = 0; n < whole; n++) {
                in.readFully(record);
                var buffer = ByteBuffer.wrap(record).order(ByteOrder.LITTLE_ENDIAN);
                var keyBytes = new byte[KEY_BYTES];
                buffer.get(keyBytes);
                var v = new float[dimensions()];
                for (int i = 0; i < v.length; i++) v[i] = buffer.getFloat();
                vectors.put(HexFormat.of().formatHex(keyBytes), v);
            }
            long size = expected.length + whole * record.length;
            if (Files.size(file) != size) {
                // A torn last record (an interrupted run) is cut off, so appending stays aligned.
                try (var channel = java.nio.channels.FileChannel.open(file, StandardOpenOption.WRITE)) {
                    channel.truncate(size);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read embedding cache " + file, e);
        }
    }

    private static String key(String text) {
        try {
            var digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
