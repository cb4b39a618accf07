package dev.parley.application.alerts.training;

import dev.parley.domain.alert.learned.AlertHead;
import dev.parley.domain.alert.learned.AlertHeads;
import dev.parley.domain.alert.learned.DevFigures;
import dev.parley.domain.alert.learned.HeadThresholds;
import dev.parley.domain.alert.learned.ScoreHistogram;
import dev.parley.domain.alert.learned.TierFigures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * Trains the category heads ({@link HeadSpec}) on embedded {@link TrainingRow}s and chooses each head's thresholds
 * on cross-validated scores: {@code critical}, the lowest score at which at most 1% of the ordinary dev messages
 * (UCI ham, Davidson class 2 and the r/teenagers posts, pooled) would raise an alert and at most 1% of each short
 * source (the SMS, the tweets) on its own, and {@code review}, the same at 5%. The posts are held to the pooled
 * rate only: a few percent of r/teenagers posts are themselves about suicide, and the goal is stated on ordinary
 * SMS and tweets, each of which must stay within the rate. Every figure it reports comes from scores of rows the scoring model never saw (k folds by post or text);
 * the heads it returns are then fitted on all rows. Each class carries half of the training weight and each
 * ordinary source an equal share of the negatives' half, so the many post windows do not drown the SMS and tweets.
 * Deterministic: the same rows and vectors give the same heads, bit for bit.
 */
public final class AlertHeadTrainer {
    /** Critical tier: at most this share of ordinary rows of any source raises an alert. */
    public static final double CRITICAL_FALSE_ALARMS = 0.01;
    /** Review tier: at most this share. */
    public static final double REVIEW_FALSE_ALARMS = 0.05;
    static final double LOGIT_MIN = -12;
    static final double LOGIT_STEP = 0.1;
    static final int BINS = 240;

    /** How the heads are fitted. */
    public record Settings(int folds, double l2) {
        public static final Settings DEFAULT = new Settings(5, 1e-4);

        public Settings {
            if (folds < 2) throw new IllegalArgumentException("at least 2 folds");
            if (!(l2 > 0)) throw new IllegalArgumentException("l2 must be positive");
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
        for (var spec : specs) {
            progress.accept("head " + spec.category() + ": cross-validating (" + settings.folds() + " folds)");
            heads.add(trainHead(spec, rows, vectors, fold));
        }
        return new AlertHeads(embeddingModel, dimensions, heads);
    }

    private AlertHead trainHead(HeadSpec spec, List<TrainingRow> rows, float[][] x, int[] fold) {
        int n = rows.size();
        double[] oof = new double[n];
        Arrays.fill(oof, Double.NaN);
        boolean[] positiveInFold = new boolean[n];
        for (int f = 0; f < settings.folds(); f++) {
            int held = f;
            boolean[] train = new boolean[n];
            for (int i = 0; i < n; i++) train[i] = fold[i] != held;
            // Positives of the training folds and of the held-out fold are both chosen by models fitted on the
            // training folds only, so nothing about the held-out fold leaks into its scores.
            var first = spec.onTopicWindowsOnly() ? firstHead(spec, rows, x, train) : null;
            boolean[] positive = positives(spec, rows, x, first, train);
            boolean[] heldPositive = positives(spec, rows, x, first, held(fold, held));
            var fit = fit(spec, rows, x, train, positive);
            for (int i = 0; i < n; i++) {
                var row = rows.get(i);
                if (fold[i] == held && (heldPositive[i] || row.source().benign() && row.measured())) {
                    oof[i] = LogisticRegression.sigmoid(fit.logit(x[i]));
                    positiveInFold[i] = heldPositive[i];
                }
            }
        }
        var benign = new LinkedHashMap<String, double[]>();
        for (var source : DevSource.values()) {
            if (!source.benign()) continue;
            benign.put(source.id(), IntStream.range(0, n)
                    .filter(i -> rows.get(i).source() == source && rows.get(i).measured())
                    .mapToDouble(i -> oof[i]).toArray());
        }
        double[] positives = IntStream.range(0, n).filter(i -> positiveInFold[i]).mapToDouble(i -> oof[i]).toArray();
        double[] allBenign = benign.values().stream().flatMapToDouble(Arrays::stream).toArray();
        var heldToRate = new ArrayList<double[]>();
        heldToRate.add(allBenign);
        benign.forEach((source, scores) -> {
            if (!DevSource.valueOf(source.toUpperCase(java.util.Locale.ROOT)).post()) heldToRate.add(scores);
        });
        double critical = Thresholds.lowestWithFalseAlarmsAtMost(heldToRate, CRITICAL_FALSE_ALARMS);
        double review = Thresholds.lowestWithFalseAlarmsAtMost(heldToRate, REVIEW_FALSE_ALARMS);
        var thresholds = new HeadThresholds(critical, Math.min(review, critical));
        var dev = new DevFigures(spec.positives(), positives.length, figures(critical, positives, benign),
                figures(thresholds.review(), positives, benign), Thresholds.rocAuc(positives, allBenign));
        var histogram = histogram(positives, benign);
        progress.accept("head " + spec.category() + ": fitting on all rows");
        boolean[] all = new boolean[n];
        Arrays.fill(all, true);
        var first = spec.onTopicWindowsOnly() ? firstHead(spec, rows, x, all) : null;
        var fit = fit(spec, rows, x, all, positives(spec, rows, x, first, all));
        float[] weights = new float[fit.weights().length];
        for (int i = 0; i < weights.length; i++) weights[i] = (float) fit.weights()[i];
        return new AlertHead(spec.category(), spec.raisesAlerts(), weights, fit.bias(), thresholds, dev, histogram);
    }

    private static boolean[] held(int[] fold, int held) {
        boolean[] mask = new boolean[fold.length];
        for (int i = 0; i < fold.length; i++) mask[i] = fold[i] == held;
        return mask;
    }

    /**
     * The positive rows among {@code scope}. For a head of on-topic windows only: the windows with an explicit cue,
     * plus each post's best-scoring other window under {@code first}, a head fitted on the explicit windows of the
     * training rows (multiple-instance: a post of the positive class holds at least one on-topic window, which the
     * cues may miss).
     */
    private boolean[] positives(HeadSpec spec, List<TrainingRow> rows, float[][] x, LogisticRegression.Fit first,
                                boolean[] scope) {
        int n = rows.size();
        boolean[] positive = new boolean[n];
        for (int i = 0; i < n; i++) {
            var row = rows.get(i);
            positive[i] = scope[i] && row.learnable() && spec.positiveSources().contains(row.source())
                    && (!spec.onTopicWindowsOnly() || row.explicitSelfHarm());
        }
        if (!spec.onTopicWindowsOnly()) return positive;
        var best = new HashMap<String, Integer>();
        var bestScore = new HashMap<String, Double>();
        for (int i = 0; i < n; i++) {
            var row = rows.get(i);
            if (!scope[i] || !row.learnable() || !spec.positiveSources().contains(row.source())
                    || row.explicitSelfHarm()) {
                continue;
            }
            double score = first.logit(x[i]);
            var previous = bestScore.get(row.group());
            if (previous == null || score > previous) {
                best.put(row.group(), i);
                bestScore.put(row.group(), score);
            }
        }
        best.values().forEach(i -> positive[i] = true);
        return positive;
    }

    /** The first head of an on-topic category: explicit windows of the training rows against the ordinary ones. */
    private LogisticRegression.Fit firstHead(HeadSpec spec, List<TrainingRow> rows, float[][] x, boolean[] train) {
        boolean[] explicit = new boolean[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            var row = rows.get(i);
            explicit[i] = train[i] && row.learnable() && spec.positiveSources().contains(row.source())
                    && row.explicitSelfHarm();
        }
        return fit(spec, rows, x, train, explicit);
    }

    /**
     * Fits positives against the ordinary rows among {@code train} that can be learnt from. For an on-topic head,
     * an ordinary post's window with an explicit cue is left out: "I want to kill myself because I'm ugly" in an
     * r/teenagers post is the post's label, not the window's.
     */
    private LogisticRegression.Fit fit(HeadSpec spec, List<TrainingRow> rows, float[][] x, boolean[] train,
                                       boolean[] positive) {
        var chosen = new ArrayList<Integer>();
        var negativesPerSource = new java.util.EnumMap<DevSource, Integer>(DevSource.class);
        int positives = 0;
        for (int i = 0; i < rows.size(); i++) {
            var row = rows.get(i);
            if (!train[i] || !row.learnable()) continue;
            if (positive[i]) {
                chosen.add(i);
                positives++;
            } else if (row.source().benign() && !(spec.onTopicWindowsOnly() && row.explicitSelfHarm())) {
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
            xs[k] = x[i];
            ys[k] = positive[i];
            ws[k] = positive[i] ? 0.5 / positives
                    : 0.5 / negativesPerSource.size() / negativesPerSource.get(rows.get(i).source());
        }
        return LogisticRegression.fit(xs, ys, ws, settings.l2());
    }

    private static TierFigures figures(double threshold, double[] positives, Map<String, double[]> benign) {
        var rates = new LinkedHashMap<String, Double>();
        benign.forEach((source, scores) -> rates.put(source, Thresholds.shareAtOrAbove(scores, threshold)));
        return new TierFigures(threshold, Thresholds.shareAtOrAbove(positives, threshold), rates);
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
