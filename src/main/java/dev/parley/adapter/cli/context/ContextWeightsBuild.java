package dev.parley.adapter.cli.context;

import dev.parley.adapter.chimein.ContextWeightsFile;
import dev.parley.application.chimein.training.ContextTrainer;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.chimein.context.ContextStrategy;
import dev.parley.domain.chimein.context.ContextWeights;
import dev.parley.domain.chimein.context.DefaultContextStrategy;
import dev.parley.domain.chimein.context.LastFiveStrategy;
import dev.parley.domain.chimein.context.SeedTimeGapStrategy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What {@code parley train context} does, start to end, so the command and the test of the shipped file run the
 * same code: fit the weights on half the logs and score them on the other half, and the reverse (two folds by log:
 * the logs sorted by name, alternately), then fit on every log; the file keeps the weights, how they were made and
 * every figure (out of source per fold and their mean; in-sample, labelled so).
 */
public final class ContextWeightsBuild {
    /** What the file records as the command that made it (paths differ between machines; hashes do not). */
    public static final String COMMAND = "parley train context --data <irc-disentanglement folder>";

    /** The file's text and the figures, for the command's summary. */
    public record Result(String fileText, ContextWeights weights, Map<String, Object> evaluation) {
    }

    private final int lookback;
    private final TextEmbedder embedder;
    private final Consumer<String> progress;

    public ContextWeightsBuild(int lookback, TextEmbedder embedder, Consumer<String> progress) {
        this.lookback = lookback;
        this.embedder = embedder;
        this.progress = progress;
    }

    /**
     * Builds the file from {@code logs} (read from {@code dir}; {@code command} is what the provenance says made
     * it).
     */
    public Result run(Path dir, List<AnnotatedLog> logs, String command) throws IOException, IrcLogFormatException {
        var sorted = logs.stream().sorted(java.util.Comparator.comparing(AnnotatedLog::name)).toList();
        if (sorted.size() < 2) throw new IrcLogFormatException(dir + ": two logs at least are needed for two folds");
        var folds = new ArrayList<Map<String, Object>>();
        var fits = new ArrayList<Map<String, Object>>();
        for (int fold = 0; fold < 2; fold++) {
            var fitted = new ArrayList<AnnotatedLog>();
            var scored = new ArrayList<AnnotatedLog>();
            for (int i = 0; i < sorted.size(); i++) (i % 2 == fold ? fitted : scored).add(sorted.get(i));
            progress.accept("fold " + (fold + 1) + ": fitting on " + names(fitted));
            var weights = fit(fitted);
            progress.accept("fold " + (fold + 1) + ": scoring on " + names(scored));
            var figures = new LinkedHashMap<String, Object>();
            figures.put("fitted_on", names(fitted));
            figures.put("scored_on", names(scored));
            figures.putAll(score(scored, weights));
            folds.add(figures);
            fits.add(figures);
        }
        progress.accept("fitting on every log");
        var weights = fit(sorted);
        progress.accept("scoring in-sample");
        var evaluation = new LinkedHashMap<String, Object>();
        evaluation.put("method", "two folds by log (sorted by name, alternately): fitted on one half, scored on the"
                + " other; micro-averaged over mentions; conversation figures with every mention read as a call to"
                + " read the conversation");
        evaluation.put("out_of_source_mean", mean(fits));
        evaluation.put("folds", folds);
        evaluation.put("in_sample", score(sorted, weights));
        var provenance = new LinkedHashMap<String, Object>();
        provenance.put("command", command);
        provenance.put("data_sha256", hashes(dir, sorted));
        provenance.put("embedding_model", embedder.model());
        provenance.put("lookback", lookback);
        provenance.put("l2", ContextTrainer.L2);
        var text = ContextWeightsFile.write(weights, provenance, evaluation);
        return new Result(text, weights, evaluation);
    }

    private ContextWeights fit(List<AnnotatedLog> logs) {
        var mentions = ContextEvaluation.of(logs, lookback, ContextEvaluation.Population.ALL);
        return new ContextTrainer(lookback).fit(mentions.training(embedder, lookback));
    }

    /** Parent figures per population (with the two baselines) and conversation figures, on {@code logs}. */
    private Map<String, Object> score(List<AnnotatedLog> logs, ContextWeights weights) {
        var out = new LinkedHashMap<String, Object>();
        var parents = new LinkedHashMap<String, Object>();
        for (var population : ContextEvaluation.Population.values()) {
            var evaluation = ContextEvaluation.of(logs, lookback, population);
            var row = new LinkedHashMap<String, Object>();
            row.put("mentions", evaluation.mentions().size());
            var figures = evaluation.run(new DefaultContextStrategy(lookback, weights), embedder, null);
            row.put("precision", round(figures.precision()));
            row.put("recall", round(figures.recall()));
            row.put("f1", round(figures.f1()));
            var baselines = BaselineStrategies.all(lookback);
            row.put("baseline_previous_f1", round(evaluation.run(baselines.get(0), null, null).f1()));
            row.put("baseline_addressee_f1", round(evaluation.run(baselines.get(1), null, null).f1()));
            parents.put(population.name().toLowerCase(java.util.Locale.ROOT), row);
        }
        out.put("parents", parents);
        var all = ContextEvaluation.of(logs, lookback, ContextEvaluation.Population.ALL);
        var conversation = new LinkedHashMap<String, Object>();
        for (ContextStrategy s : List.of(DefaultContextStrategy.readingTheConversation(lookback, weights),
                new SeedTimeGapStrategy(), new LastFiveStrategy())) {
            var figures = all.run(s, s instanceof DefaultContextStrategy ? embedder : null, null);
            var row = new LinkedHashMap<String, Object>();
            row.put("precision", round(figures.conversationPrecision()));
            row.put("window_recall", round(figures.windowConversationRecall()));
            row.put("f1", round(figures.conversationF1()));
            conversation.put(s instanceof DefaultContextStrategy ? "thread" : s.name(), row);
        }
        out.put("conversation", conversation);
        return out;
    }

    /** The mean of the folds' F1 figures. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> mean(List<Map<String, Object>> folds) {
        var out = new LinkedHashMap<String, Object>();
        var parents = new LinkedHashMap<String, Object>();
        for (var population : ContextEvaluation.Population.values()) {
            var key = population.name().toLowerCase(java.util.Locale.ROOT);
            var row = new LinkedHashMap<String, Object>();
            for (var figure : List.of("f1", "baseline_previous_f1", "baseline_addressee_f1")) {
                double sum = 0;
                for (var fold : folds) {
                    sum += (Double) ((Map<String, Map<String, Object>>) fold.get("parents")).get(key).get(figure);
                }
                row.put(figure, round(sum / folds.size()));
            }
            parents.put(key, row);
        }
        out.put("parents", parents);
        var conversation = new LinkedHashMap<String, Object>();
        for (var name : List.of("thread", "seed", "last5")) {
            double sum = 0;
            for (var fold : folds) {
                sum += (Double) ((Map<String, Map<String, Object>>) fold.get("conversation")).get(name).get("f1");
            }
            conversation.put(name + "_f1", round(sum / folds.size()));
        }
        out.put("conversation", conversation);
        return out;
    }

    private static List<String> names(List<AnnotatedLog> logs) {
        return logs.stream().map(AnnotatedLog::name).toList();
    }

    /** SHA-256 of every file read, by file name. */
    private static Map<String, String> hashes(Path dir, List<AnnotatedLog> logs)
            throws IOException, IrcLogFormatException {
        var out = new LinkedHashMap<String, String>();
        for (var log : logs) {
            for (var file : AnnotatedLog.sourceFiles(dir, log.name())) {
                try (InputStream in = Files.newInputStream(file)) {
                    out.put(file.getFileName().toString(), sha256(in));
                }
            }
        }
        return out;
    }

    private static String sha256(InputStream in) throws IOException {
        try {
            var digest = MessageDigest.getInstance("SHA-256");
            var buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) digest.update(buffer, 0, n);
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
