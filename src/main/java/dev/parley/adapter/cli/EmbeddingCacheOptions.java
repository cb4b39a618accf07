package dev.parley.adapter.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The embedding-cache options `eval context` and `train context` share (a picocli mixin). */
final class EmbeddingCacheOptions {
    @Option(names = "--cache", paramLabel = "<file>",
            description = "Embedding cache (default: ~/.cache/parley/eval-embeddings-<model>.bin).")
    Path cache;

    @Option(names = "--no-cache", description = "Embed every line again; write no cache.")
    boolean noCache;
}
