package dev.parley.adapter.cli;

import dev.parley.adapter.embedding.EmbeddingCacheFile;
import dev.parley.adapter.embedding.OnnxTextEmbedder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The product's sentence embedder for the context commands ({@code eval context}, {@code train context}), with a
 * file cache keyed by the SHA-256 of each text, warmed once for every line a run needs (embeddings/s on stderr).
 */
final class ContextEmbeddings {

    private ContextEmbeddings() {
    }

    /** {@code cache}, else {@code ~/.cache/parley/eval-embeddings-<model>.bin}; none with {@code noCache}. */
    static EmbeddingCacheFile open(Path cache, boolean noCache) {
        var model = OnnxTextEmbedder.product();
        var file = noCache ? null : cache != null ? cache : defaultCache(model.model());
        return new EmbeddingCacheFile(model, file);
    }

    /** Embeds every text not cached yet, one at a time (as the pipeline does), and saves the cache. */
    static void warm(EmbeddingCacheFile embedder, List<String> texts, boolean persist, PrintWriter err, String who) {
        var missing = texts.stream().filter(t -> !embedder.has(t)).toList();
        err.printf(Locale.ROOT, "%sembedding %d of %d distinct texts (%d cached)%n", who, missing.size(), texts.size(),
                texts.size() - missing.size());
        err.flush();
        long start = System.nanoTime();
        for (int i = 0; i < missing.size(); i++) {
            embedder.embed(missing.get(i));
            if ((i + 1) % 1000 == 0) {
                if (persist) embedder.flush();
                err.printf(Locale.ROOT, "%s  %d / %d%n", who, i + 1, missing.size());
                err.flush();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!missing.isEmpty()) {
            err.printf(Locale.ROOT, "%sembedded %d texts in %.1f s: %.0f embeddings/s%n", who, missing.size(),
                    seconds, missing.size() / seconds);
        }
        if (persist) embedder.flush();
    }

    private static Path defaultCache(String model) {
        var base = System.getenv("XDG_CACHE_HOME");
        var dir = base != null && !base.isBlank() ? Path.of(base) : Path.of(System.getProperty("user.home"), ".cache");
        return dir.resolve("parley").resolve("eval-embeddings-" + model + ".bin");
    }
}
