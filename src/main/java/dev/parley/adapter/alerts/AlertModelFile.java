package dev.parley.adapter.alerts;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.domain.alert.learned.AlertHead;
import dev.parley.domain.alert.learned.AlertHeads;
import dev.parley.domain.alert.learned.DevFigures;
import dev.parley.domain.alert.learned.HeadThresholds;
import dev.parley.domain.alert.learned.ModelProvenance;
import dev.parley.domain.alert.learned.ScoreHistogram;
import dev.parley.domain.alert.learned.TierFigures;
import dev.parley.domain.alert.learned.TrainedAlertModel;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The learned heads as a JSON file ({@code alert_heads.json}): written by {@code parley train alerts}, shipped as a
 * resource, read at start. Objects are indented, arrays kept on one line, numbers in their shortest exact form and
 * nothing time-dependent, so the same training gives the same bytes. Reading is strict: an unknown field, a
 * missing one or a head that does not fit its model is refused with the reason.
 */
public final class AlertModelFile {
    /** The file name, as a classpath resource and in {@code $PARLEY_HOME}. */
    public static final String FILE_NAME = "alert_heads.json";
    static final String FORMAT = "parley-alert-heads/2";

    private static final ObjectMapper MAPPER = JsonMappers.SNAKE_CASE;

    @JsonPropertyOrder({"format", "embeddingModel", "dimensions", "command", "dataSha256", "training", "heads"})
    record FileJson(String format, String embeddingModel, int dimensions, String command,
                    Map<String, String> dataSha256, TrainingJson training, List<HeadJson> heads) {
    }

    @JsonPropertyOrder({"folds", "l2", "criticalFalseAlarms", "reviewFalseAlarms", "rows", "rowsSha256",
            "vectorSampleSha256", "canarySha256"})
    record TrainingJson(int folds, double l2, double criticalFalseAlarms, double reviewFalseAlarms,
                        Map<String, Long> rows, String rowsSha256, String vectorSampleSha256, String canarySha256) {
    }

    @JsonPropertyOrder({"category", "raisesAlerts", "thresholds", "dev", "bias", "weights", "histogram"})
    record HeadJson(String category, boolean raisesAlerts, ThresholdsJson thresholds, DevJson dev, double bias,
                    float[] weights, HistogramJson histogram) {
    }

    record ThresholdsJson(double critical, double review) {
    }

    @JsonPropertyOrder({"positives", "positiveRows", "rocAuc", "critical", "review", "firstSentenceCritical",
            "firstSentenceReview", "inSampleCritical", "inSampleReview"})
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record DevJson(String positives, long positiveRows, double rocAuc, TierJson critical, TierJson review,
                   TierJson firstSentenceCritical, TierJson firstSentenceReview, TierJson inSampleCritical,
                   TierJson inSampleReview) {
    }

    @JsonPropertyOrder({"threshold", "recall", "recallPerSource", "falseAlarmRate"})
    record TierJson(double threshold, double recall, Map<String, Double> recallPerSource,
                    Map<String, Double> falseAlarmRate) {
    }

    @JsonPropertyOrder({"logitMin", "logitStep", "positive", "benign"})
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record HistogramJson(double logitMin, double logitStep, List<Integer> positive,
                         Map<String, List<Integer>> benign) {
    }

    private AlertModelFile() {
    }

    /** The file's text for {@code model}, with rates and scores at full precision. */
    public static String write(TrainedAlertModel model, double criticalFalseAlarms, double reviewFalseAlarms) {
        var heads = model.heads();
        var p = model.provenance();
        var json = new FileJson(FORMAT, heads.embeddingModel(), heads.dimensions(), p.command(),
                new LinkedHashMap<>(p.dataSha256()), new TrainingJson(p.folds(), p.l2(), criticalFalseAlarms,
                reviewFalseAlarms, new LinkedHashMap<>(p.rowsPerSource()), p.rowsSha256(), p.vectorSampleSha256(),
                p.canarySha256()),
                heads.heads().stream().map(AlertModelFile::head).toList());
        var printer = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(DefaultPrettyPrinter.NopIndenter.instance);
        try {
            return MAPPER.writer(printer).writeValueAsString(json) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("model cannot be written as JSON", e);
        }
    }

    private static HeadJson head(AlertHead h) {
        var d = h.dev();
        var g = h.histogram();
        return new HeadJson(h.category(), h.raisesAlerts(), new ThresholdsJson(h.thresholds().critical(),
                h.thresholds().review()), new DevJson(d.positives(), d.positiveRows(), d.rocAuc(), tier(d.critical()),
                tier(d.review()), tier(d.firstSentenceCritical()), tier(d.firstSentenceReview()),
                tier(d.inSampleCritical()), tier(d.inSampleReview())), h.bias(), h.weights(), new HistogramJson(g.logitMin(), g.logitStep(),
                g.positive(), new LinkedHashMap<>(g.benign())));
    }

    private static TierJson tier(TierFigures t) {
        return t == null ? null : new TierJson(t.threshold(), t.recall(), new TreeMap<>(t.recallPerSource()),
                new TreeMap<>(t.falseAlarmRate()));
    }

    /** {@code parleyHome/alert_heads.json} when that file exists. */
    public static java.util.Optional<java.nio.file.Path> overrideIn(java.nio.file.Path parleyHome) {
        var candidate = parleyHome.resolve(FILE_NAME);
        return java.nio.file.Files.isRegularFile(candidate) ? java.util.Optional.of(candidate)
                : java.util.Optional.empty();
    }

    /** The override when given (a file {@code parley train alerts} wrote), otherwise the built-in heads. */
    public static TrainedAlertModel load(java.util.Optional<java.nio.file.Path> override) {
        if (override.isPresent()) {
            try (var in = java.nio.file.Files.newInputStream(override.get())) {
                return read(override.get().toString(), in);
            } catch (IOException e) {
                throw new AlertModelFileException(override.get() + ": cannot be read (" + e.getMessage() + ")", e);
            }
        }
        var source = "built-in " + FILE_NAME;
        try (var in = AlertModelFile.class.getResourceAsStream("/" + FILE_NAME)) {
            if (in == null) throw new AlertModelFileException(source + ": missing from the classpath");
            return read(source, in);
        } catch (IOException e) {
            throw new AlertModelFileException(source + ": cannot be read (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Reads a model file.
     *
     * @throws AlertModelFileException naming {@code source} and what is wrong
     */
    public static TrainedAlertModel read(String source, InputStream in) {
        FileJson json;
        try {
            json = MAPPER.readValue(in, FileJson.class);
        } catch (JsonProcessingException e) {
            throw new AlertModelFileException(source + ": not a model file (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw new AlertModelFileException(source + ": cannot be read (" + e.getMessage() + ")", e);
        }
        if (!FORMAT.equals(json.format())) {
            throw new AlertModelFileException(source + ": format must be '" + FORMAT + "', not '" + json.format() + "'");
        }
        if (json.heads() == null || json.heads().isEmpty()) throw new AlertModelFileException(source + ": no heads");
        try {
            var heads = json.heads().stream().map(AlertModelFile::head).toList();
            var t = json.training();
            return new TrainedAlertModel(new AlertHeads(json.embeddingModel(), json.dimensions(), heads),
                    new ModelProvenance(json.command(), json.dataSha256(), t.folds(), t.l2(), t.rows(), t.rowsSha256(),
                            t.vectorSampleSha256(), t.canarySha256()));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new AlertModelFileException(source + ": " + e.getMessage(), e);
        }
    }

    private static AlertHead head(HeadJson h) {
        var d = h.dev();
        var g = h.histogram();
        return new AlertHead(h.category(), h.raisesAlerts(), h.weights(), h.bias(),
                new HeadThresholds(h.thresholds().critical(), h.thresholds().review()),
                new DevFigures(d.positives(), d.positiveRows(), tier(d.critical()), tier(d.review()), d.rocAuc(),
                        tier(d.firstSentenceCritical()), tier(d.firstSentenceReview()), tier(d.inSampleCritical()),
                        tier(d.inSampleReview())),
                new ScoreHistogram(g.logitMin(), g.logitStep(), g.positive(), g.benign()));
    }

    private static TierFigures tier(TierJson t) {
        return t == null ? null : new TierFigures(t.threshold(), t.recall(), t.recallPerSource(), t.falseAlarmRate());
    }
}
