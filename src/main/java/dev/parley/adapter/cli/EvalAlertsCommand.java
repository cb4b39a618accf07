package dev.parley.adapter.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.parley.adapter.alerts.AlertPatternsFile;
import dev.parley.adapter.alerts.AlertPatternsFileException;
import dev.parley.adapter.alerts.SeedPhraseExample;
import dev.parley.adapter.alerts.SeedPhraseExamples;
import dev.parley.domain.alert.MatchingMode;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley eval alerts}: runs the critical-alert detector over a labelled file, in the seed's
 * raw mode and in Parley's, and prints one JSON object of counts and rates. Prints no message text.
 * Exit 0 on success, 2 on a bad file, format or patterns file (one line on stderr).
 */
@Command(name = "alerts", mixinStandardHelpOptions = true,
        description = "False-alarm rate and recall of the critical-alert patterns on a labelled file.")
public final class EvalAlertsCommand implements Callable<Integer> {
    static final int BAD_INPUT = 2;

    @Spec
    private CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "<file>", description = "Labelled messages.")
    private Path data;

    @Option(names = "--format", required = true, paramLabel = "uci|davidson",
            description = "uci: label<TAB>text (ham benign); davidson: labeled_data.csv (class 2 benign, 0 hostile).")
    private String format;

    @Option(names = "--patterns", paramLabel = "<file>",
            description = "An opt_out_phrases.json to evaluate instead of the built-in one.")
    private Path patterns;

    @Option(names = "--compact", description = "Print the JSON on one line.")
    private boolean compact;

    @Override
    public Integer call() {
        Optional<DatasetFormat> datasetFormat = DatasetFormat.parse(format);
        if (datasetFormat.isEmpty()) {
            return fail("unknown --format '" + format + "' (use uci or davidson)");
        }
        AlertPatternsFile patternsFile;
        try {
            patternsFile = AlertPatternsFile.load(Optional.ofNullable(patterns));
        } catch (AlertPatternsFileException e) {
            return fail(e.getMessage());
        }
        AlertTally seedRaw = new AlertTally(patternsFile.detector(MatchingMode.SEED_RAW));
        AlertTally parley = new AlertTally(patternsFile.detector(MatchingMode.PARLEY));
        Map<MessageLabel, Long> totals = new EnumMap<>(MessageLabel.class);
        try (Reader in = Files.newBufferedReader(data, StandardCharsets.UTF_8)) {
            datasetFormat.get().reader().read(in, message -> {
                totals.merge(message.label(), 1L, Long::sum);
                seedRaw.add(message);
                parley.add(message);
            });
        } catch (DatasetFormatException e) {
            return fail(data + ": " + e.getMessage());
        } catch (CharacterCodingException e) {
            return fail(data + ": not UTF-8 text");
        } catch (IOException e) {
            return fail(data + ": cannot be read (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
        List<SeedPhraseExample> missed = SeedPhraseExamples.missedBy(patternsFile.detector(MatchingMode.PARLEY));
        EvaluationReport report = new EvaluationReport(
                datasetFormat.get().cliName(),
                data.toString(),
                patternsFile.source(),
                totals.values().stream().mapToLong(Long::longValue).sum(),
                totals.getOrDefault(MessageLabel.BENIGN, 0L),
                totals.get(MessageLabel.HOSTILE),
                totals.get(MessageLabel.OFFENSIVE),
                totals.get(MessageLabel.SPAM),
                seedRaw.figures(totals),
                parley.figures(totals),
                SeedPhraseExamples.ALL.size() - missed.size(),
                SeedPhraseExamples.ALL.size(),
                missed.stream().map(m -> m.patternId() + ": " + m.phrase()).toList());
        spec.commandLine().getOut().println(json(report));
        spec.commandLine().getOut().flush();
        return 0;
    }

    private String json(EvaluationReport report) {
        ObjectMapper mapper = new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
        if (!compact) {
            mapper.enable(SerializationFeature.INDENT_OUTPUT);
        }
        try {
            return mapper.writeValueAsString(report);
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
