package dev.parley.bootstrap;

import dev.parley.application.embedding.TextEmbedder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * With the learned alert heads on, every inbound message is embedded: the MiniLM model (about a second to load) is
 * loaded in the background as Parley starts, so the first message does not wait for it.
 */
final class EmbeddingWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddingWarmUp.class);

    private final CompletableFuture<Void> warm = new CompletableFuture<>();
    private volatile boolean started;

    /** Loads the model of {@code embedder} in the background; completes at once when {@code needed} is false. */
    void start(boolean needed, TextEmbedder embedder) {
        if (!needed) {
            warm.complete(null);
            return;
        }
        started = true;
        Thread.ofVirtual().name("embeddings-warm-up").start(() -> {
            try {
                embedder.embed("Parley is starting");
                warm.complete(null);
            } catch (RuntimeException e) {
                LOG.error("the embedding model could not be loaded", e);
                warm.completeExceptionally(e);
            }
        });
    }

    /** Completes once the model is loaded (at once when it is not needed). */
    CompletableFuture<Void> warm() {
        return warm;
    }

    /**
     * A process must not exit while ONNX Runtime is still loading the model in native code (the JVM then crashed in
     * libonnxruntime at exit): closing waits for a warm-up that was started, a bounded time.
     */
    void awaitBeforeClosing() {
        if (!started) return;
        try {
            warm.get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("closing before the embedding model finished loading ({})", e.getClass().getSimpleName());
        }
    }
}
