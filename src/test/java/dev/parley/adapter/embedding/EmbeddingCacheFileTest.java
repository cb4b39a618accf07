package dev.parley.adapter.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.embedding.Embedding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddingCacheFileTest {
    @TempDir
    Path dir;

    /** A deterministic embedder that counts its calls. */
    static final class Counting implements TextEmbedder {
        final AtomicInteger calls = new AtomicInteger();
        final String model;

        Counting(String model) {
            this.model = model;
        }

        @Override
        public String model() {
            return model;
        }

        @Override
        public int dimensions() {
            return 3;
        }

        @Override
        public Embedding embed(String text) {
            calls.incrementAndGet();
            return Embedding.normalized(model, new float[] {text.length(), 1, text.hashCode() % 7});
        }
    }

    @Test
    void eachTextIsEmbeddedOnceAcrossRunsAndTheFileHoldsNoText() throws Exception {
        var file = dir.resolve("c.bin");
        var first = new Counting("m1");
        try (var cache = new EmbeddingCacheFile(first, file)) {
            var v = cache.embed("secret words");
            assertThat(cache.embed("secret words")).isEqualTo(v);
        }
        assertThat(first.calls).hasValue(1);
        assertThat(new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1))
                .doesNotContain("secret");
        var second = new Counting("m1");
        try (var cache = new EmbeddingCacheFile(second, file)) {
            assertThat(cache.has("secret words")).isTrue();
            assertThat(cache.embed("secret words").vector()).isEqualTo(first.embed("secret words").vector());
            cache.embed("other");
        }
        assertThat(second.calls).hasValue(1);
    }

    @Test
    void aTornLastRecordIsCutOffAndAnotherModelsFileIsReplaced() throws Exception {
        var file = dir.resolve("c.bin");
        try (var cache = new EmbeddingCacheFile(new Counting("m1"), file)) {
            cache.embed("a");
            cache.embed("b");
        }
        long whole = Files.size(file);
        Files.write(file, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
        var again = new Counting("m1");
        try (var cache = new EmbeddingCacheFile(again, file)) {
            assertThat(cache.has("a")).isTrue();
            assertThat(cache.has("b")).isTrue();
        }
        assertThat(Files.size(file)).isEqualTo(whole);
        try (var cache = new EmbeddingCacheFile(new Counting("m2"), file)) {
            assertThat(cache.has("a")).isFalse();
        }
    }
}
