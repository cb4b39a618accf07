package dev.parley.application.alerts.training;

import dev.parley.domain.alert.learned.AlertHead;
import dev.parley.domain.alert.learned.AlertHeads;
import dev.parley.domain.alert.learned.DevFigures;
import dev.parley.domain.alert.learned.HeadThresholds;
import dev.parley.domain.alert.learned.ScoreHistogram;
import dev.parley.domain.alert.learned.TierFigures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * Trains the category heads ({@link HeadSpec}) on embedded {@link TrainingRow}s and chooses each head's thresholds
 * on <b>out-of-source</b> scores: every row is scored by a model that never saw its data set (leave one data set
 * out: UCI SMS, sms-india, the tweets, the Reddit posts, IRC), except the rows of the one data set that holds all
 * of a head's positives, which are scored by a model that never saw their fold (k folds by post or text; the other
 * data sets stay in training). {@code critical} is the lowest score at which at most
 * {@link Settings#criticalFalseAlarms()} of every ordinary source's messages (each on its own, and all pooled) would
 * raise an alert, {@code review} the same at {@link Settings#reviewFalseAlarms()}; a head's
 * {@link HeadSpec#pooledOnly()} sources count in the pooled rate only.
 *
 * <p>Choosing a threshold on scores of sources the model did not see is the per-source calibration: a new source
 * (the messages Parley will actually read) shifts the scores as a held-out data set does. The figures reported
 * for an ordinary source are taken at thresholds chosen <em>without</em> that source's scores, so they say how the
 * rule lands on a kind of message it was not tuned on. The heads returned are then fitted on every row. Each
 * class carries half of the training weight and each ordinary source an equal share of the negatives' half.
 * Deterministic: the same rows and vectors give the same heads, bit for bit.
 */
public final class AlertHeadTrainer {
    static final double LOGIT_MIN = -12;
    static final double LOGIT_STEP = 0.1;
    static final int BINS = 240;

    /** How the heads are fitted and where their thresholds go. */
    public record Settings(int folds, double l2, double criticalFalseAlarms, double reviewFalseAlarms) {
        /** Critical: at most 1% of every ordinary source; review: at most 2% (issue 35's everyday-message goal). */
        public static final Settings DEFAULT = new Settings(5, 1e-4, 0.01, 0.02);

        public Settings {
            if (folds < 2) throw new IllegalArgumentException("at least 2 folds");
            if (!(l2 > 0)) throw new IllegalArgumentException("l2 must be positive");
            if (!(criticalFalseAlarms > 0 && criticalFalseAlarms <= reviewFalseAlarms && reviewFalseAlarms < 1)) {
                throw new IllegalArgumentException("need 0 < critical rate <= review rate < 1");
            }
        }
    }

    private final Settings settings;
    private final Consumer<String> progress;

    public AlertHeadTrainer(Settings settings, Consumer<String> progress) {
        this.settings = settings;
        this.progress = progress;
    }

    /**
     * Trains every head of {@code specs}. {@code vectors[i]} is the embedding of {@code rows.get(i)}, made by
     * {@code embeddingModel}.
     */
    public AlertHeads train(List<TrainingRow> rows, float[][] vectors, String embeddingModel, List<HeadSpec> specs) {
        if (rows.size() != vectors.length || rows.isEmpty()) throw new IllegalArgumentException("one vector per row");
        int dimensions = vectors[0].length;
        int[] fold = rows.stream().mapToInt(r -> Folds.of(r.group(), settings.folds())).toArray();
        var heads = new ArrayList<AlertHead>();
        for (var spec : specs) heads.add(trainHead(spec, rows, vectors, fold));
        return new AlertHeads(embeddingModel, dimensions, heads);
    }

    private AlertHead trainHead(HeadSpec spec, List<TrainingRow> rows, float[][] x, int[] fold) {
        double[] held = heldOutScores(spec, rows, x, fold);
        var benign = scoresPerBenignSource(rows, held, TrainingRow.Kind.MESSAGE);
        double critical = threshold(spec, benign, null, settings.criticalFalseAlarms());
        double review = Math.min(critical, threshold(spec, benign, null, settings.reviewFalseAlarms()));
        var positives = positiveScores(spec, rows, held, TrainingRow.Kind.MESSAGE);
        double[] allPositives = positives.values().stream().flatMapToDouble(Arrays::stream).toArray();
        double[] allBenign = benign.values().stream().flatMapToDouble(Arrays::stream).toArray();
        var outCritical = outOfSource(spec, benign, positives, critical, settings.criticalFalseAlarms());
        var outReview = outOfSource(spec, benign, positives, review, settings.reviewFalseAlarms());
        var firstBenign = scoresPerBenignSource(rows, held, TrainingRow.Kind.FIRST_SENTENCE);
        var firstPositives = positiveScores(spec, rows, held, TrainingRow.Kind.FIRST_SENTENCE);
        boolean posts = !firstPositives.isEmpty(); // a head whose positives are posts: the short-text proxy

        progress.accept("head " + spec.category() + ": fitting on all rows");
        boolean[] all = new boolean[rows.size()];
        Arrays.fill(all, true);
        var fit = fit(spec, rows, x, all);
        double[] own = new double[rows.size()];
        for (int i = 0; i < own.length; i++) own[i] = LogisticRegression.sigmoid(fit.logit(x[i]));
        var ownBenign = scoresPerBenignSource(rows, own, TrainingRow.Kind.MESSAGE);
        var ownPositives = positiveScores(spec, rows, own, TrainingRow.Kind.MESSAGE);

        var dev = new DevFigures(spec.positives(), allPositives.length, outCritical, outReview,
                Thresholds.rocAuc(allPositives, allBenign),
                posts ? figures(critical, firstPositives, firstBenign) : null,
                posts ? figures(review, firstPositives, firstBenign) : null,
                figures(critical, ownPositives, ownBenign), figures(review, ownPositives, ownBenign));
        float[] weights = new float[fit.weights().length];
        for (int i = 0; i < weights.length; i++) weights[i] = (float) fit.weights()[i];
        return new AlertHead(spec.category(), spec.raisesAlerts(), weights, fit.bias(),
                new HeadThresholds(critical, review), dev, histogram(allPositives, benign));
    }

    /**
     * The score of every row from a model that did not learn from it: left out with its whole data set, or with its
     * fold of the one data set that holds all of the head's positives.
     */
    private double[] heldOutScores(HeadSpec spec, List<TrainingRow> rows, float[][] x, int[] fold) {
        double[] held = new double[rows.size()];
        Arrays.fill(held, Double.NaN);
        Set<DevSource.DataSet> withPositives = EnumSet.noneOf(DevSource.DataSet.class);
        spec.positiveSources().forEach(s -> withPositives.add(s.dataSet()));
        Set<DevSource.DataSet> present = EnumSet.noneOf(DevSource.DataSet.class);
        rows.forEach(r -> present.add(r.source().dataSet()));
        for (var dataSet : present) {
            if (withPositives.equals(Set.of(dataSet))) {
                for (int f = 0; f < settings.folds(); f++) {
                    int out = f;
                    progress.accept("head " + spec.category() + ": " + dataSet.id() + " fold " + (f + 1) + "/"
                            + settings.folds());
                    score(spec, rows, x, held, i -> rows.get(i).source().dataSet() == dataSet && fold[i] == out);
                }
            } else {
                progress.accept("head " + spec.category() + ": " + dataSet.id() + " held out");
                score(spec, rows, x, held, i -> rows.get(i).source().dataSet() == dataSet);
            }
        }
        return held;
    }

    /** Fits on every row but {@code out}, then scores the rows of {@code out}. */
    private void score(HeadSpec spec, List<TrainingRow> rows, float[][] x, double[] held,
                       Predicate<Integer> out) {
        boolean[] train = new boolean[rows.size()];
        for (int i = 0; i < train.length; i++) train[i] = !out.test(i);
        var fit = fit(spec, rows, x, train);
        for (int i = 0; i < train.length; i++) {
            if (!train[i]) held[i] = LogisticRegression.sigmoid(fit.logit(x[i]));
        }
    }

    /**
     * Fits the head's positives against the ordinary rows among {@code train} that it learns from; for the
     * self-harm head an ordinary post's sentence with an explicit cue is left out ("I want to kill myself because
     * I'm ugly" in an r/teenagers post is the post's topic, not ordinary talk).
     */
    private LogisticRegression.Fit fit(HeadSpec spec, List<TrainingRow> rows, float[][] x, boolean[] train) {
        var chosen = new ArrayList<Integer>();
        var negativesPerSource = new EnumMap<DevSource, Integer>(DevSource.class);
        int positives = 0;
        for (int i = 0; i < rows.size(); i++) {
            var row = rows.get(i);
            if (!train[i] || !spec.learns(row)) continue;
            if (spec.positive(row)) {
                chosen.add(i);
                positives++;
            } else if (!(row.source().post() && row.explicitSelfHarm() && spec.positiveSources().stream()
                    .anyMatch(DevSource::post))) {
                chosen.add(i);
                negativesPerSource.merge(row.source(), 1, Integer::sum);
            }
        }
        if (positives == 0 || negativesPerSource.isEmpty()) {
            throw new IllegalArgumentException(spec.category() + ": no " + (positives == 0 ? "positive" : "ordinary")
                    + " rows to learn from");
        }
        float[][] xs = new float[chosen.size()][];
        boolean[] ys = new boolean[chosen.size()];
        double[] ws = new double[chosen.size()];
        for (int k = 0; k < chosen.size(); k++) {
            int i = chosen.get(k);
            boolean positive = spec.positive(rows.get(i));
            xs[k] = x[i];
            ys[k] = positive;
            ws[k] = positive ? 0.5 / positives
                    : 0.5 / negativesPerSource.size() / negativesPerSource.get(rows.get(i).source());
        }
        return LogisticRegression.fit(xs, ys, ws, settings.l2());
    }

    private static Map<String, double[]> scoresPerBenignSource(List<TrainingRow> rows, double[] scores,
                                                               TrainingRow.Kind kind) {
        var out = new LinkedHashMap<String, double[]>();
        for (var source : DevSource.values()) {
            if (!source.benign()) continue;
            double[] s = IntStream.range(0, rows.size())
                    .filter(i -> rows.get(i).source() == source && rows.get(i).kind() == kind)
                    .mapToDouble(i -> scores[i]).filter(v -> !Double.isNaN(v)).toArray();
            if (s.length > 0) out.put(source.id(), s);
        }
        return out;
    }

    private static Map<String, double[]> positiveScores(HeadSpec spec, List<TrainingRow> rows, double[] scores,
                                                        TrainingRow.Kind kind) {
        var out = new LinkedHashMap<String, double[]>();
        for (var source : DevSource.values()) {
            if (!spec.positiveSources().contains(source)) continue;
            double[] s = IntStream.range(0, rows.size())
                    .filter(i -> rows.get(i).source() == source && rows.get(i).kind() == kind)
                    .mapToDouble(i -> scores[i]).filter(v -> !Double.isNaN(v)).toArray();
            if (s.length > 0) out.put(source.id(), s);
        }
        return out;
    }

    /**
     * The lowest threshold at which every ordinary source but {@code without} (each on its own unless pooled-only,
     * and all of them pooled) stays within {@code rate}.
     */
    private static double threshold(HeadSpec spec, Map<String, double[]> benign, String without, double rate) {
        var held = new ArrayList<double[]>();
        var pooled = new ArrayList<double[]>();
        benign.forEach((source, scores) -> {
            if (source.equals(without)) return;
            pooled.add(scores);
            if (spec.pooledOnly().stream().noneMatch(s -> s.id().equals(source))) held.add(scores);
        });
        held.add(pooled.stream().flatMapToDouble(Arrays::stream).toArray());
        return Thresholds.lowestWithFalseAlarmsAtMost(held, rate);
    }

    /**
     * Recall at the shipped {@code threshold} (thresholds are chosen on ordinary rows only, so the positives'
     * held-out scores are fair to it) and, per ordinary source, the false-alarm rate at the threshold the same rule
     * picks without that source's scores.
     */
    private static TierFigures outOfSource(HeadSpec spec, Map<String, double[]> benign,
                                           Map<String, double[]> positives, double threshold, double rate) {
        var rates = new LinkedHashMap<String, Double>();
        benign.forEach((source, scores) -> rates.put(source, Thresholds.shareAtOrAbove(scores,
                threshold(spec, benign, source, rate))));
        return new TierFigures(threshold, recall(positives, threshold), recallPerSource(positives, threshold), rates);
    }

    private static TierFigures figures(double threshold, Map<String, double[]> positives,
                                       Map<String, double[]> benign) {
        var rates = new LinkedHashMap<String, Double>();
        benign.forEach((source, scores) -> rates.put(source, Thresholds.shareAtOrAbove(scores, threshold)));
        return new TierFigures(threshold, recall(positives, threshold), recallPerSource(positives, threshold), rates);
    }

    private static double recall(Map<String, double[]> positives, double threshold) {
        return Thresholds.shareAtOrAbove(positives.values().stream().flatMapToDouble(Arrays::stream).toArray(),
                threshold);
    }

    private static Map<String, Double> recallPerSource(Map<String, double[]> positives, double threshold) {
        var out = new LinkedHashMap<String, Double>();
        positives.forEach((source, scores) -> out.put(source, Thresholds.shareAtOrAbove(scores, threshold)));
        return out;
    }

    private static ScoreHistogram histogram(double[] positives, Map<String, double[]> benign) {
        var perSource = new LinkedHashMap<String, List<Integer>>();
        benign.forEach((source, scores) -> perSource.put(source, boxed(ScoreHistogram.bin(scores, LOGIT_MIN,
                LOGIT_STEP, BINS))));
        return new ScoreHistogram(LOGIT_MIN, LOGIT_STEP, boxed(ScoreHistogram.bin(positives, LOGIT_MIN, LOGIT_STEP,
                BINS)), perSource);
    }

    private static List<Integer> boxed(int[] counts) {
        return Arrays.stream(counts).boxed().toList();
    }
}
