package dev.parley.adapter.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.alerts.AlertModelFileException;
import dev.parley.adapter.alerts.AlertPatternsFile;
import dev.parley.adapter.alerts.AlertPatternsFileException;
import dev.parley.adapter.alerts.SeedPhraseExample;
import dev.parley.adapter.alerts.SeedPhraseExamples;
import dev.parley.adapter.embedding.CachedTextEmbedder;
import dev.parley.adapter.embedding.MemoizingTextEmbedder;
import dev.parley.adapter.embedding.OnnxTextEmbedder;
import dev.parley.application.JsonMappers;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.alert.MatchingMode;
import dev.parley.domain.alert.learned.Tier;
import dev.parley.domain.alert.learned.TrainedAlertModel;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley eval alerts}: runs the critical-alert screen over a labelled file and prints one JSON object of
 * counts and rates: the patterns in the seed's raw mode ({@code seed_raw}) and in Parley's ({@code parley}), the
 * learned heads alone at their critical thresholds ({@code model}), patterns OR model as Parley raises critical
 * alerts ({@code combined}), and critical or review-tier hits ({@code review}). Prints no message text.
 * Exit 0 on success, 2 on a bad file, format, option, patterns or model file (one line on stderr).
 */
@Command(name = "alerts", mixinStandardHelpOptions = true,
        description = "False-alarm rate and recall of the critical-alert patterns and learned heads on a labelled file.")
public final class EvalAlertsCommand implements Callable<Integer> {
    static final int BAD_INPUT = 2;

    @Spec
    private CommandSpec spec;

    @Mixin
    private LabelledDataOptions dataset;

    @Option(names = "--positive", paramLabel = "V", split = ",",
            description = "csv: label value(s) that should be flagged (reported as hostile); every other is benign.")
    private List<String> positive;

    @Option(names = "--model", paramLabel = "<file>",
            description = "An alert_heads.json to evaluate instead of the built-in heads.")
    private Path model;

    @Option(names = "--cache", paramLabel = "<dir>",
            description = "Keep the texts' embeddings in this folder so a second run does not compute them again.")
    private Path cache;

    @Option(names = "--patterns", paramLabel = "<file>",
            description = "An opt_out_phrases.json to evaluate instead of the built-in one.")
    private Path patterns;

    @Option(names = "--compact", description = "Print the JSON on one line.")
    private boolean compact;

    @Override
    public Integer call() {
        DatasetReader reader;
        try {
            if (dataset.csv()) {
                reader = dataset.csvReader(positive);
            } else {
                reader = dataset.namedFormat().reader();
                if (dataset.columnsGiven() || positive != null) {
                    return fail("--text-column, --label-column and --positive apply to --format csv only");
                }
            }
        } catch (LabelledDataOptions.BadData e) {
            return fail(e.getMessage());
        }
        AlertPatternsFile patternsFile;
        TrainedAlertModel trained;
        try {
            patternsFile = AlertPatternsFile.load(Optional.ofNullable(patterns));
            trained = AlertModelFile.load(Optional.ofNullable(model));
        } catch (AlertPatternsFileException | AlertModelFileException e) {
            return fail(e.getMessage());
        }
        var seedRawDetector = patternsFile.detector(MatchingMode.SEED_RAW);
        var parleyDetector = patternsFile.detector(MatchingMode.PARLEY);
        var heads = trained.heads();
        AlertTally seedRaw = new AlertTally();
        AlertTally parley = new AlertTally();
        AlertTally modelOnly = new AlertTally();
        AlertTally combined = new AlertTally();
        AlertTally review = new AlertTally();
        Map<MessageLabel, Long> totals = new EnumMap<>(MessageLabel.class);
        var embedder = embedder(heads.embeddingModel());
        if (embedder == null) return BAD_INPUT;
        try {
            dataset.read(reader, message -> {
                totals.merge(message.label(), 1L, Long::sum);
                seedRaw.add(message, Screened.patterns(seedRawDetector.detect(message.text())));
                var patternsOnly = Screened.patterns(parleyDetector.detect(message.text()));
                parley.add(message, patternsOnly);
                var scores = heads.score(embedder.embed(message.text()));
                var critical = Screened.model(heads, scores, Tier.CRITICAL);
                modelOnly.add(message, critical);
                combined.add(message, patternsOnly.or(critical));
                review.add(message, patternsOnly.or(Screened.model(heads, scores, Tier.REVIEW)));
            });
        } catch (LabelledDataOptions.BadData e) {
            return fail(e.getMessage());
        } finally {
            if (embedder instanceof CachedTextEmbedder cached) cached.close();
        }
        List<SeedPhraseExample> missed = SeedPhraseExamples.missedBy(patternsFile.detector(MatchingMode.PARLEY));
        EvaluationReport report = new EvaluationReport(
                dataset.formatName(),
                dataset.data.toString(),
                patternsFile.source(),
                model != null ? model.toString() : "built-in " + AlertModelFile.FILE_NAME,
                totals.values().stream().mapToLong(Long::longValue).sum(),
                totals.getOrDefault(MessageLabel.BENIGN, 0L),
                totals.get(MessageLabel.HOSTILE),
                totals.get(MessageLabel.OFFENSIVE),
                totals.get(MessageLabel.SPAM),
                seedRaw.figures(totals),
                parley.figures(totals),
                modelOnly.figures(totals),
                combined.figures(totals),
                review.figures(totals),
                SeedPhraseExamples.ALL.size() - missed.size(),
                SeedPhraseExamples.ALL.size(),
                missed.stream().map(m -> m.patternId() + ": " + m.phrase()).toList());
        spec.commandLine().getOut().println(json(report));
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** The MiniLM embedder, behind a disk cache when {@code --cache} is given; null (after an error) otherwise. */
    private TextEmbedder embedder(String headsModel) {
        TextEmbedder embedder = OnnxTextEmbedder.product();
        if (!embedder.model().equals(headsModel)) {
            fail("the heads read " + headsModel + " vectors; Parley embeds with " + embedder.model());
            return null;
        }
        if (cache == null) return new MemoizingTextEmbedder(embedder, 4096);
        try {
            return new CachedTextEmbedder(embedder, cache);
        } catch (java.io.UncheckedIOException e) {
            fail(e.getMessage());
            return null;
        }
    }

    private String json(EvaluationReport report) {
        var writer = compact ? JsonMappers.SNAKE_CASE.writer()
                : JsonMappers.SNAKE_CASE.writerWithDefaultPrettyPrinter();
        try {
            return writer.writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report cannot be written as JSON", e);
        }
    }

    private int fail(String message) {
        // One line, whatever the cause, so scripts can show it as is.
        spec.commandLine().getErr().println("parley eval alerts: " + message.replace('\n', ' '));
        spec.commandLine().getErr().flush();
        return BAD_INPUT;
    }
}
