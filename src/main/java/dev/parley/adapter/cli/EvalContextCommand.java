package dev.parley.adapter.cli;

import dev.parley.adapter.cli.context.AnnotatedLog;
import dev.parley.adapter.cli.context.BaselineStrategies;
import dev.parley.adapter.cli.context.ContextEvaluation;
import dev.parley.adapter.cli.context.IrcLogFormatException;
import dev.parley.adapter.chimein.ContextWeightsFile;
import dev.parley.adapter.chimein.ContextWeightsFileException;
import dev.parley.adapter.embedding.EmbeddingCacheFile;
import dev.parley.application.JsonMappers;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.chimein.context.ContextStrategies;
import dev.parley.domain.chimein.context.ContextStrategy;
import dev.parley.domain.chimein.context.ContextWeights;
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
 * lines, the same keys, for the dataset's simple rules on the same mentions; {@code --conversation}: three more keys
 * on every line). Progress and the embedding throughput go to stderr. Exit 0, or 2 for unreadable input (one line
 * naming the file and line) or a bad option.
 */
@Command(name = "context", mixinStandardHelpOptions = true,
        description = "Precision / recall of the chime-in context strategies on annotated IRC logs.")
public final class EvalContextCommand implements Callable<Integer> {
    static final int BAD_INPUT = 2;
    /** The default strategy reading every mention as a call to read the conversation (evaluation only). */
    static final String THREAD = "thread";

    @Spec
    private CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "<dir>",
            description = "Folder of NAME.annotation.txt with NAME.raw.txt (or NAME.ascii.txt).")
    private Path data;

    @Option(names = "--strategy", defaultValue = "all", paramLabel = "last5|seed|default|thread|all",
            description = "Strategies to score, comma-separated (default: all = last5, seed, default; one line each)."
                    + " thread: default reading every mention as a call to read the conversation.")
    private String strategy;

    @Option(names = "--mentions", defaultValue = "addressed", paramLabel = "addressed|unaddressed|all",
            description = "Which annotated messages stand for mentions: those that address someone who spoke"
                    + " (default), the others, or all of them (the data README's baselines are over all).")
    private String mentions;

    @Option(names = "--weights", paramLabel = "<file>",
            description = "Weights of the default strategy (a file 'parley train context' wrote; default: the"
                    + " shipped ones).")
    private Path weightsFile;

    @Option(names = "--conversation", description = "Add conversation_precision, window_conversation_recall and"
            + " conversation_f1 (against the mention's earlier conversation within the window) to every line.")
    private boolean conversation;

    @Option(names = "--lookback", defaultValue = "" + DefaultContextStrategy.DEFAULT_LOOKBACK, paramLabel = "N",
            description = "Messages the default strategy looks back over (default ${DEFAULT-VALUE}); the seed's is 20.")
    private int lookback;

    @Option(names = "--time-threshold", defaultValue = "60", paramLabel = "MINUTES",
            description = "The seed strategy's TIME_THRESHOLD in minutes (default ${DEFAULT-VALUE}).")
    private long thresholdMinutes;

    @picocli.CommandLine.Mixin
    private EmbeddingCacheOptions embeddingCache = new EmbeddingCacheOptions();

    @Option(names = "--baselines", description = "Also score, on the same mentions, the previous message and the"
            + " addressed nick's last message (lines baseline-previous, baseline-addressee), after the strategies.")
    private boolean baselines;

    @Override
    public Integer call() {
        if (lookback < 1 || lookback > 1000) return fail("--lookback must be from 1 to 1000");
        if (thresholdMinutes < 0) return fail("--time-threshold must not be negative");
        ContextEvaluation.Population population;
        try {
            population = ContextEvaluation.Population.valueOf(mentions.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return fail("unknown --mentions '" + mentions + "' (use addressed, unaddressed or all)");
        }
        ContextWeights weights;
        try {
            weights = weightsFile == null ? ContextWeightsFile.shipped() : readWeights(weightsFile);
        } catch (ContextWeightsFileException e) {
            return fail(e.getMessage());
        }
        var strategies = new ArrayList<ContextStrategy>();
        var threads = new java.util.HashSet<ContextStrategy>();
        var names = strategy.equals("all") ? ContextStrategies.NAMES : List.of(strategy.split(",", -1));
        for (var name : names) {
            var found = name.equals(THREAD)
                    ? java.util.Optional.<ContextStrategy>of(DefaultContextStrategy.readingTheConversation(lookback,
                    weights))
                    : ContextStrategies.named(name, lookback, Duration.ofMinutes(thresholdMinutes), weights);
            if (found.isEmpty()) {
                return fail("unknown --strategy '" + name + "' (use last5, seed, default, thread or all)");
            }
            strategies.add(found.get());
            if (name.equals(THREAD)) threads.add(found.get());
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
        var evaluation = ContextEvaluation.of(logs, window, population);
        var err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, "%d logs, %d mentions%n", logs.size(), evaluation.mentions().size());
        var json = JsonMappers.PLAIN;
        EmbeddingCacheFile cached = null;
        try {
            for (var s : strategies) {
                TextEmbedder embedder = null;
                if (s instanceof DefaultContextStrategy) {
                    if (cached == null) {
                        cached = ContextEmbeddings.open(embeddingCache.cache, embeddingCache.noCache);
                        ContextEmbeddings.warm(cached, evaluation.textsToEmbed(), !embeddingCache.noCache, err, "");
                    }
                    embedder = cached;
                }
                var figures = evaluation.run(s, embedder, null);
                var line = figures.asJson(conversation);
                if (threads.contains(s)) line.put("strategy", THREAD);
                spec.commandLine().getOut().println(json.writeValueAsString(line));
                spec.commandLine().getOut().flush();
            }
        } catch (IOException e) {
            return fail("cannot write the figures (" + e.getClass().getSimpleName() + ")");
        } finally {
            if (cached != null) cached.close();
        }
        return 0;
    }

    private static ContextWeights readWeights(Path file) {
        try (var in = java.nio.file.Files.newInputStream(file)) {
            return ContextWeightsFile.read(file.toString(), in);
        } catch (IOException e) {
            throw new ContextWeightsFileException(file + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    private int fail(String message) {
        spec.commandLine().getErr().println("parley eval context: " + message);
        return BAD_INPUT;
    }
}
