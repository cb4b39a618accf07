package dev.parley.adapter.cli;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.embedding.CachedTextEmbedder;
import dev.parley.adapter.embedding.MiniLmTextEmbedder;
import dev.parley.adapter.embedding.OnnxTextEmbedder;
import dev.parley.application.JsonMappers;
import dev.parley.application.alerts.training.AlertHeadTrainer;
import dev.parley.application.alerts.training.TrainingDigests;
import dev.parley.application.alerts.training.HeadSpec;
import dev.parley.application.alerts.training.TrainingRow;
import dev.parley.application.alerts.training.TrainingRows;
import dev.parley.domain.alert.learned.ModelProvenance;
import dev.parley.domain.alert.learned.TrainedAlertModel;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code parley train alerts}: embeds the labelled sets (once: vectors are kept in a cache folder), trains the
 * self_harm, threats, harassment and financial_scam heads with cross-validated thresholds and writes the model
 * file. Prints a JSON summary (no message text); progress goes to stderr. Exit 0, or 2 on missing or malformed
 * data.
 */
@Command(name = "alerts", mixinStandardHelpOptions = true,
        description = "Train the learned alert heads (logistic regression on sentence embeddings), with "
                + "thresholds and figures from out-of-source scores.")
public final class TrainAlertsCommand implements Callable<Integer> {
    static final int BAD_INPUT = 2;
    /** What the model file records as the command that made it (paths differ between machines; hashes do not). */
    static final String COMMAND = "parley train alerts --data <shared data folder>";

    @ParentCommand
    private TrainCommand parent;

    @Spec
    private CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "<dir>",
            description = "Folder with sms-spam-uci/, sms-india/, hate-speech-offensive/, selfharm-dev/ and "
                    + "irc-disentanglement/ (Parley's shared data).")
    private Path data;

    @Option(names = "--out", paramLabel = "<file>",
            description = "Model file to write (default: <home>/" + AlertModelFile.FILE_NAME
                    + ", which Parley then uses instead of its built-in heads).")
    private Path out;

    @Option(names = "--cache", paramLabel = "<dir>",
            description = "Where embeddings of the training texts are kept between runs (default: <home>/cache/embeddings).")
    private Path cache;

    @Option(names = "--home", paramLabel = "DIR", description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
    private Path home;

    @Option(names = "--embedder", paramLabel = "MODEL", defaultValue = MiniLmTextEmbedder.MODEL,
            description = "Sentence encoder whose vectors the heads read: all-minilm-l6-v2-q (default), "
                    + "e5-small-v2-q or bge-small-en-v1.5-q. Parley embeds messages with the model its heads name.")
    private String embedder;

    @Option(names = "--sample", paramLabel = "K", defaultValue = "1",
            description = "Train on a deterministic 1-in-K sample of the rows (by post or text; default 1: all): the "
                    + "smaller path for comparing embedders. Needs --out.")
    private int sample;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2",
            description = "Threads that embed texts (default 2); the result does not depend on it.")
    private int threads;

    @Override
    public Integer call() throws Exception {
        if (threads < 1 || threads > 64) return fail("--threads must be from 1 to 64");
        if (sample < 1 || sample > 1000) return fail("--sample must be from 1 to 1000");
        if (sample > 1 && out == null) return fail("--sample needs --out");
        if (dev.parley.adapter.embedding.SentenceModel.byId(embedder).isEmpty()) {
            return fail("--embedder must be one of " + dev.parley.adapter.embedding.SentenceModel.ids());
        }
        var parleyHome = parent.parent.launcher().home(home != null ? home : parent.parent.home);
        long started = System.nanoTime();
        TrainingDataFiles.Read read;
        try {
            read = TrainingDataFiles.read(data);
        } catch (TrainingDataFiles.MissingFileException e) {
            return fail(e.getMessage());
        } catch (DatasetFormatException e) {
            return fail(e.getMessage());
        } catch (CharacterCodingException e) {
            return fail(data + ": a data file is not UTF-8 text");
        }
        var rows = TrainingRows.sample(TrainingRows.of(read.texts()), sample);
        var counts = new TreeMap<String, Long>();
        rows.forEach(r -> counts.merge(r.source().id(), 1L, Long::sum));
        progress("rows: " + counts);
        float[][] vectors;
        long computed;
        try (var cached = new CachedTextEmbedder(OnnxTextEmbedder.forModel(embedder),
                cache != null ? cache : parleyHome.resolve("cache").resolve("embeddings"))) {
            vectors = embed(rows, cached);
            computed = cached.computed();
        }
        int[] checked = TrainingDigests.sample(rows);
        var sampled = new float[checked.length][];
        for (int k = 0; k < checked.length; k++) sampled[k] = vectors[checked[k]];
        var settings = AlertHeadTrainer.Settings.DEFAULT;
        var trainer = new AlertHeadTrainer(settings, this::progress);
        var heads = trainer.train(rows, vectors, embedder, HeadSpec.standard());
        progress("canary: the same training on the " + checked.length + " sampled rows");
        String canary;
        try {
            canary = TrainingDigests.canary(new AlertHeadTrainer(settings, line -> { }), rows, checked, sampled,
                    embedder, HeadSpec.standard());
        } catch (IllegalArgumentException e) {
            // a small --sample can leave the canary's sample without a head's positives in some fold
            canary = "none: " + e.getMessage();
        }
        var provenance = new ModelProvenance(COMMAND + (embedder.equals(MiniLmTextEmbedder.MODEL) ? ""
                : " --embedder " + embedder) + (sample > 1 ? " --sample " + sample : ""), read.sha256(), settings.folds(), settings.l2(), counts,
                TrainingDigests.rows(rows), TrainingDigests.vectors(rows, checked, sampled), canary);
        var text = AlertModelFile.write(new TrainedAlertModel(heads, provenance), settings.criticalFalseAlarms(),
                settings.reviewFalseAlarms());
        var target = out != null ? out : parleyHome.resolve(AlertModelFile.FILE_NAME);
        writeAtomically(target, text);
        var summary = new LinkedHashMap<String, Object>();
        summary.put("out", target.toString());
        summary.put("rows", counts);
        summary.put("embedded", computed);
        summary.put("from_cache", rows.size() - computed);
        var perHead = new LinkedHashMap<String, Object>();
        for (var head : heads.heads()) {
            var dev = head.dev();
            var figures = new LinkedHashMap<String, Object>();
            figures.put("positive_rows", dev.positiveRows());
            figures.put("roc_auc", dev.rocAuc());
            figures.put("critical", tier(dev.critical()));
            figures.put("review", tier(dev.review()));
            if (dev.firstSentenceCritical() != null) {
                figures.put("first_sentence_critical", tier(dev.firstSentenceCritical()));
                figures.put("first_sentence_review", tier(dev.firstSentenceReview()));
            }
            figures.put("in_sample_critical", tier(dev.inSampleCritical()));
            figures.put("in_sample_review", tier(dev.inSampleReview()));
            perHead.put(head.category(), figures);
        }
        summary.put("heads", perHead);
        summary.put("seconds", Math.round((System.nanoTime() - started) / 1e8) / 10.0);
        spec.commandLine().getOut().println(JsonMappers.PRETTY.writeValueAsString(summary));
        spec.commandLine().getOut().flush();
        return 0;
    }

    private static Map<String, Object> tier(dev.parley.domain.alert.learned.TierFigures figures) {
        var tier = new LinkedHashMap<String, Object>();
        tier.put("threshold", figures.threshold());
        tier.put("recall", figures.recall());
        tier.put("recall_per_source", new TreeMap<>(figures.recallPerSource()));
        tier.put("false_alarm_rate", new TreeMap<>(figures.falseAlarmRate()));
        return tier;
    }

    /** One vector per row, embedded on {@code threads} threads; each text's vector is the same whichever thread. */
    private float[][] embed(List<TrainingRow> rows, CachedTextEmbedder embedder)
            throws InterruptedException, ExecutionException {
        var vectors = new float[rows.size()][];
        var done = new AtomicInteger();
        int step = Math.max(1, rows.size() / 20);
        try (var pool = Executors.newFixedThreadPool(threads)) {
            var futures = new java.util.ArrayList<Future<?>>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                futures.add(pool.submit(() -> {
                    for (int i = first; i < rows.size(); i += threads) {
                        vectors[i] = embedder.embed(rows.get(i).text()).vector();
                        int n = done.incrementAndGet();
                        if (n % step == 0) progress("embedded " + n + " / " + rows.size());
                    }
                }));
            }
            for (var future : futures) future.get();
        }
        return vectors;
    }

    /** Writes {@code text} to {@code target} through a temporary file beside it (never a half-written file). */
    static void writeAtomically(Path target, String text) throws IOException {
        var parentDir = target.toAbsolutePath().getParent();
        Files.createDirectories(parentDir);
        var temporary = Files.createTempFile(parentDir, "." + target.getFileName(), ".tmp");
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private void progress(String line) {
        synchronized (spec) {
            spec.commandLine().getErr().println("parley train alerts: " + line);
            spec.commandLine().getErr().flush();
        }
    }

    private int fail(String message) {
        spec.commandLine().getErr().println("parley train alerts: " + message.replace('\n', ' '));
        spec.commandLine().getErr().flush();
        return BAD_INPUT;
    }
}
