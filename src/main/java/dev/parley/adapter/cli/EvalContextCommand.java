package dev.parley.adapter.cli;

import dev.parley.adapter.cli.context.AnnotatedLog;
import dev.parley.adapter.cli.context.BaselineStrategies;
import dev.parley.adapter.cli.context.ContextEvaluation;
import dev.parley.adapter.cli.context.IrcLogFormatException;
import dev.parley.adapter.embedding.EmbeddingCacheFile;
import dev.parley.adapter.embedding.OnnxTextEmbedder;
import dev.parley.application.JsonMappers;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.chimein.context.ContextStrategies;
import dev.parley.domain.chimein.context.ContextStrategy;
import dev.parley.domain.chimein.context.DefaultContextStrategy;
import dev.parley.domain.chimein.context.SeedTimeGapStrategy;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley eval context}: scores the context strategies on an annotated IRC folder (irc-disentanglement
 * format) and prints one JSON line per strategy:
 * {@code {"strategy","messages","precision","recall","f1","conversation_recall"}} ({@code --baselines}: two more
 * lines, the same keys, for the dataset's simple rules on the same mentions). Progress and the embedding
 * throughput go to stderr. Exit 0, or 2 for unreadable input (one line naming the file and line).
 */
@Command(name = "context", mixinStandardHelpOptions = true,
        description = "Precision / recall of the chime-in context strategies on annotated IRC logs.")
public final class EvalContextCommand implements Callable<Integer> {
    static final int BAD_INPUT = 2;

    @Spec
    private CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "<dir>",
            description = "Folder of NAME.annotation.txt with NAME.raw.txt (or NAME.ascii.txt).")
    private Path data;

    @Option(names = "--strategy", defaultValue = "all", paramLabel = "last5|seed|default|all",
            description = "Strategy to score (default: all, one line each).")
    private String strategy;

    @Option(names = "--lookback", defaultValue = "" + DefaultContextStrategy.DEFAULT_LOOKBACK, paramLabel = "N",
            description = "Messages the default strategy looks back over (default ${DEFAULT-VALUE}); the seed's is 20.")
    private int lookback;

    @Option(names = "--time-threshold", defaultValue = "60", paramLabel = "MINUTES",
            description = "The seed strategy's TIME_THRESHOLD in minutes (default ${DEFAULT-VALUE}).")
    private long thresholdMinutes;

    @Option(names = "--cache", paramLabel = "<file>",
            description = "Embedding cache (default: ~/.cache/parley/eval-embeddings-<model>.bin).")
    private Path cache;

    @Option(names = "--no-cache", description = "Embed every line again; write no cache.")
    private boolean noCache;

    @Option(names = "--baselines", description = "Also score, on the same mentions, the previous message and the"
            + " addressed nick's last message (lines baseline-previous, baseline-addressee), after the strategies.")
    private boolean baselines;

    @Override
    public Integer call() {
        if (lookback < 1 || lookback > 1000) return fail("--lookback must be from 1 to 1000");
        if (thresholdMinutes < 0) return fail("--time-threshold must not be negative");
        var strategies = new ArrayList<ContextStrategy>();
        var names = strategy.equals("all") ? ContextStrategies.NAMES : List.of(strategy);
        for (var name : names) {
            var found = ContextStrategies.named(name, lookback, Duration.ofMinutes(thresholdMinutes));
            if (found.isEmpty()) return fail("unknown --strategy '" + strategy + "' (use last5, seed, default or all)");
            strategies.add(found.get());
        }
        if (baselines) strategies.addAll(BaselineStrategies.all(Math.max(lookback, SeedTimeGapStrategy.LOOKBACK_LIMIT)));
        List<AnnotatedLog> logs;
        try {
            logs = AnnotatedLog.readFolder(data);
        } catch (IrcLogFormatException e) {
            return fail(e.getMessage());
        } catch (IOException e) {
            return fail(data + ": cannot read (" + e.getClass().getSimpleName() + ")");
        }
        int window = Math.max(lookback, SeedTimeGapStrategy.LOOKBACK_LIMIT);
        var evaluation = ContextEvaluation.of(logs, window);
        var err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, "%d logs, %d mentions%n", logs.size(), evaluation.mentions().size());
        var json = JsonMappers.PLAIN;
        EmbeddingCacheFile cached = null;
        try {
            for (var s : strategies) {
                TextEmbedder embedder = null;
                if (s.name().equals(DefaultContextStrategy.NAME)) {
                    if (cached == null) cached = warm(evaluation, err);
                    embedder = cached;
                }
                var figures = evaluation.run(s, embedder, null);
                spec.commandLine().getOut().println(json.writeValueAsString(figures.asJson()));
                spec.commandLine().getOut().flush();
            }
        } catch (IOException e) {
            return fail("cannot write the figures (" + e.getClass().getSimpleName() + ")");
        } finally {
            if (cached != null) cached.close();
        }
        return 0;
    }

    /** Embeds every needed line once (from the cache where it can), reporting embeddings per second. */
    private EmbeddingCacheFile warm(ContextEvaluation evaluation, java.io.PrintWriter err) {
        var model = OnnxTextEmbedder.product();
        var file = noCache ? null : cache != null ? cache : defaultCache(model.model());
        var embedder = new EmbeddingCacheFile(model, file);
        var texts = evaluation.textsToEmbed();
        var missing = texts.stream().filter(t -> !embedder.has(t)).toList();
        err.printf(Locale.ROOT, "embedding %d of %d distinct texts (%d cached)%n", missing.size(), texts.size(),
                texts.size() - missing.size());
        long start = System.nanoTime();
        for (int i = 0; i < missing.size(); i++) {
            embedder.embed(missing.get(i));
            if ((i + 1) % 1000 == 0) {
                if (!noCache) embedder.flush();
                err.printf(Locale.ROOT, "  %d / %d%n", i + 1, missing.size());
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!missing.isEmpty()) {
            err.printf(Locale.ROOT, "embedded %d texts in %.1f s: %.0f embeddings/s%n", missing.size(), seconds,
                    missing.size() / seconds);
        }
        if (!noCache) embedder.flush();
        return embedder;
    }

    private static Path defaultCache(String model) {
        var base = System.getenv("XDG_CACHE_HOME");
        var dir = base != null && !base.isBlank() ? Path.of(base) : Path.of(System.getProperty("user.home"), ".cache");
        return dir.resolve("parley").resolve("eval-embeddings-" + model + ".bin");
    }

    private int fail(String message) {
        spec.commandLine().getErr().println("parley eval context: " + message);
        return BAD_INPUT;
    }
}
