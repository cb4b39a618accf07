package dev.parley.adapter.cli;

import dev.parley.adapter.cli.context.AnnotatedLog;
import dev.parley.adapter.cli.context.ContextEvaluation;
import dev.parley.adapter.cli.context.ContextWeightsBuild;
import dev.parley.adapter.cli.context.IrcLogFormatException;
import dev.parley.application.JsonMappers;
import dev.parley.domain.chimein.context.DefaultContextStrategy;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley train context}: fits the default context strategy's weights on annotated IRC logs
 * (irc-disentanglement format) and writes the weights file, deterministically (the shipped
 * {@code src/main/resources/context_weights.json} is its output on the dev split, byte for byte). Two folds by log
 * give the out-of-source figures; they, the in-sample ones and the provenance go into the file, and the figures to
 * stdout as JSON. Progress on stderr. Exit 0, or 2 for unreadable input or a bad option.
 */
@Command(name = "context", mixinStandardHelpOptions = true,
        description = "Fit chime-in's context weights on annotated IRC logs (two folds by log for the figures).")
public final class TrainContextCommand implements Callable<Integer> {
    static final int BAD_INPUT = 2;

    @Spec
    private CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "<dir>",
            description = "Folder of NAME.annotation.txt with NAME.raw.txt (or NAME.ascii.txt).")
    private Path data;

    @Option(names = "--out", required = true, paramLabel = "<file>",
            description = "Weights file to write (the shipped one: src/main/resources/context_weights.json).")
    private Path out;

    @Option(names = "--lookback", defaultValue = "" + DefaultContextStrategy.DEFAULT_LOOKBACK, paramLabel = "N",
            description = "Messages before each mention the weights are fitted over (default ${DEFAULT-VALUE}).")
    private int lookback;

    @picocli.CommandLine.Mixin
    private EmbeddingCacheOptions embeddingCache = new EmbeddingCacheOptions();

    @Override
    public Integer call() throws IOException {
        if (lookback < 1 || lookback > 1000) return fail("--lookback must be from 1 to 1000");
        java.util.List<AnnotatedLog> logs;
        try {
            logs = AnnotatedLog.readFolder(data);
        } catch (IrcLogFormatException e) {
            return fail(e.getMessage());
        } catch (IOException e) {
            return fail(data + ": cannot read (" + e.getClass().getSimpleName() + ")");
        }
        var err = spec.commandLine().getErr();
        ContextWeightsBuild.Result result;
        try (var embedder = ContextEmbeddings.open(embeddingCache.cache, embeddingCache.noCache)) {
            var texts = ContextEvaluation.of(logs, lookback, ContextEvaluation.Population.ALL).textsToEmbed();
            ContextEmbeddings.warm(embedder, texts, !embeddingCache.noCache, err, "parley train context: ");
            var command = ContextWeightsBuild.COMMAND
                    + (lookback == DefaultContextStrategy.DEFAULT_LOOKBACK ? "" : " --lookback " + lookback);
            result = new ContextWeightsBuild(lookback, embedder, line -> {
                err.println("parley train context: " + line);
                err.flush();
            }).run(data, logs, command);
        } catch (IrcLogFormatException e) {
            return fail(e.getMessage());
        }
        TrainAlertsCommand.writeAtomically(out, result.fileText());
        var summary = new LinkedHashMap<String, Object>();
        summary.put("out", out.toString());
        summary.putAll(result.evaluation());
        spec.commandLine().getOut().println(JsonMappers.PRETTY.writeValueAsString(summary));
        spec.commandLine().getOut().flush();
        return 0;
    }

    private int fail(String message) {
        spec.commandLine().getErr().println("parley train context: " + message);
        spec.commandLine().getErr().flush();
        return BAD_INPUT;
    }
}
