package dev.parley.adapter.embedding;

import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.embedding.Embedding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link TextEmbedder} that remembers every vector on disk, so bulk jobs (training and evaluating the alert
 * heads on tens of thousands of texts) embed each text once across runs. One append-only file per model,
 * {@code <dir>/<model>.vectors}: records of the SHA-256 of the text (never the text) and the vector as
 * little-endian float32. A record cut short by a crash is dropped when the file is opened. Thread-safe.
 */
public final class CachedTextEmbedder implements TextEmbedder, AutoCloseable {
    private static final int KEY_BYTES = 32;

    private final TextEmbedder inner;
    private final Path file;
    private final int recordBytes;
    private final Map<String, float[]> vectors = new ConcurrentHashMap<>();
    private final FileChannel out;
    private long computed;

    public CachedTextEmbedder(TextEmbedder inner, Path directory) {
        this.inner = inner;
        this.file = directory.resolve(inner.model() + ".vectors");
        this.recordBytes = KEY_BYTES + inner.dimensions() * Float.BYTES;
        try {
            Files.createDirectories(directory);
            this.out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            load();
        } catch (IOException e) {
            throw new UncheckedIOException("embedding cache " + file + " cannot be opened", e);
        }
    }

    private void load() throws IOException {
        long whole = out.size() / recordBytes * recordBytes;
        if (whole != out.size()) out.truncate(whole); // the last record was cut short
        var buffer = ByteBuffer.allocate(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
        var key = new byte[KEY_BYTES];
        for (long at = 0; at < whole; at += recordBytes) {
            buffer.clear();
            while (buffer.hasRemaining()) {
                if (out.read(buffer, at + buffer.position()) < 0) throw new IOException("file shrank while read");
            }
            buffer.flip();
            buffer.get(key);
            var vector = new float[inner.dimensions()];
            buffer.asFloatBuffer().get(vector);
            vectors.put(HexFormat.of().formatHex(key), vector);
        }
        out.position(whole);
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
        var key = key(text);
        var vector = vectors.get(HexFormat.of().formatHex(key));
        if (vector != null) return new Embedding(model(), vector.clone());
        var embedding = inner.embed(text);
        append(key, embedding.vector());
        vectors.put(HexFormat.of().formatHex(key), embedding.vector().clone());
        return embedding;
    }

    /** How many vectors this instance had to compute (the others came from the file). */
    public synchronized long computed() {
        return computed;
    }

    /** How many vectors the file holds. */
    public int size() {
        return vectors.size();
    }

    private synchronized void append(byte[] key, float[] vector) {
        var buffer = ByteBuffer.allocate(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
        buffer.put(key);
        for (float v : vector) buffer.putFloat(v);
        buffer.flip();
        try {
            while (buffer.hasRemaining()) out.write(buffer);
        } catch (IOException e) {
            throw new UncheckedIOException("embedding cache " + file + " cannot be written", e);
        }
        computed++;
    }

    private byte[] key(String text) {
        try {
            var digest = MessageDigest.getInstance("SHA-256");
            return digest.digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
