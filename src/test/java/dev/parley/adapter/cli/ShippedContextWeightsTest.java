package dev.parley.adapter.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.chimein.ContextWeightsFile;
import dev.parley.adapter.cli.context.AnnotatedLog;
import dev.parley.adapter.cli.context.ContextEvaluation;
import dev.parley.adapter.cli.context.ContextWeightsBuild;
import dev.parley.domain.chimein.context.DefaultContextStrategy;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The shipped {@code context_weights.json} is, byte for byte, what {@code parley train context --data <shared
 * irc-disentanglement/dev>} builds (issue 35): the same build, folds, figures and provenance, run here on the real
 * data. Embeddings are cached under {@code target/} (a clean checkout embeds the dev lines once, a few minutes on two
 * cores). The shared data lies beside the repository (CI: a copy of shared/ beside the clone).
 */
class ShippedContextWeightsTest {

    @Test
    void theShippedWeightsAreWhatTheTrainingCommandBuildsFromTheSharedData() throws Exception {
        var dir = ShippedAlertHeadsTest.sharedData().resolve("irc-disentanglement").resolve("dev");
        var logs = AnnotatedLog.readFolder(dir);
        int lookback = DefaultContextStrategy.DEFAULT_LOOKBACK;
        String built;
        try (var embedder = ContextEmbeddings.open(Path.of("target", "context-embeddings-cache.bin"), false)) {
            var texts = ContextEvaluation.of(logs, lookback, ContextEvaluation.Population.ALL).textsToEmbed();
            ContextEmbeddings.warm(embedder, texts, true, new PrintWriter(new StringWriter()), "");
            built = new ContextWeightsBuild(lookback, embedder, line -> { })
                    .run(dir, logs, ContextWeightsBuild.COMMAND).fileText();
        }
        try (var in = ContextWeightsFile.class.getResourceAsStream("/" + ContextWeightsFile.FILE_NAME)) {
            assertThat(in).as("shipped " + ContextWeightsFile.FILE_NAME).isNotNull();
            var shipped = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(shipped).as("rebuild with: " + ContextWeightsBuild.COMMAND
                    + " --out src/main/resources/" + ContextWeightsFile.FILE_NAME).isEqualTo(built);
        }
    }
}
