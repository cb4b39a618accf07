package dev.parley.adapter.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.adapter.safety.LoggingValidationFailures;
import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.adapter.safety.SafetyPolicyFileException;
import dev.parley.application.JsonMappers;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.InMemoryBehaviourFacts;
import dev.parley.domain.safety.RiskCategory;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.TraceIds;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley eval safety}: the safety validator over a labelled file, every row validated as an inbound message
 * in a neutral context (a known contact, 12:00 on a weekday in the recipient's zone, no earlier traffic), so only
 * the content decides. A row is flagged when its decision is anything but DELIVER; a category's figures count the
 * rows it was raised on. Prints exactly {@code {"rows", "positives", "benign", "any": {"recall",
 * "false_alarm_rate"}, "categories": {name: {"precision", "recall", "false_alarm_rate"}}}} (a rate with no rows to
 * divide by is null) and no message text. Exit 2 on a bad file, format, option or policy (one line on stderr).
 */
@Command(name = "safety", mixinStandardHelpOptions = true,
        description = "Recall and false-alarm rate of the safety validator on a labelled file.")
public final class EvalSafetyCommand implements Callable<Integer> {
    static final int BAD_INPUT = 2;
    /** The neutral context's instant: Wednesday 14 January 2026, 12:00 UTC (the recipient's zone is UTC). */
    static final Instant NOON = Instant.parse("2026-01-14T12:00:00Z");

    @Spec
    private CommandSpec spec;

    @Mixin
    private LabelledDataOptions dataset;

    @Option(names = "--positive", paramLabel = "V", split = ",",
            description = "Label value(s) that should be flagged; every other is benign. Required for csv; for uci"
                    + " and davidson it replaces the default (spam; 0,1).")
    private List<String> positive;

    @Option(names = "--policy", paramLabel = "<file>", description = "A safety.json to evaluate instead of the built-in one.")
    private Path policy;

    @Option(names = "--compact", description = "Print the JSON on one line.")
    private boolean compact;

    @Option(names = "--heads", paramLabel = "on|off", defaultValue = "on",
            description = "Use the built-in learned alert heads beside the lexicons (default on; off = lexicons only).")
    private String heads;

    @Option(names = "--cache", paramLabel = "<dir>",
            description = "Keep the texts' embeddings in this folder so a second run does not compute them again.")
    private Path cache;

    @Option(names = "--half", paramLabel = "1|2",
            description = "Only the rows of one half: 1 = the rows whose text's SHA-256 begins with an even byte, 2 ="
                    + " odd (a fixed split, to tune on one half and measure on the other).")
    private Integer half;

    @Override
    public Integer call() {
        DatasetReader reader;
        Set<MessageLabel> positiveLabels = new HashSet<>();
        try {
            if (dataset.csv()) {
                reader = dataset.csvReader(positive);
                positiveLabels.add(MessageLabel.HOSTILE);
            } else {
                DatasetFormat named = dataset.namedFormat();
                if (dataset.columnsGiven()) {
                    return fail("--text-column and --label-column apply to --format csv only");
                }
                reader = named.reader();
                List<String> values = positive != null ? positive
                        : named == DatasetFormat.UCI ? List.of("spam") : List.of("0", "1");
                for (String v : values) {
                    MessageLabel label = labelOf(named, v.strip());
                    if (label == null) {
                        return fail("--positive '" + v + "' is not a label of " + named.cliName()
                                + (named == DatasetFormat.UCI ? " (ham, spam)" : " (0, 1, 2)"));
                    }
                    positiveLabels.add(label);
                }
            }
        } catch (LabelledDataOptions.BadData e) {
            return fail(e.getMessage());
        }
        SafetyPolicyFile file;
        try {
            file = SafetyPolicyFile.load(Optional.ofNullable(policy));
        } catch (SafetyPolicyFileException e) {
            return fail(e.getMessage());
        }
        if (cache != null && heads.strip().equalsIgnoreCase("off")) {
            return fail("--cache keeps the heads' embeddings: it applies to --heads on only");
        }
        var loaded = CliSafetyModel.load(heads, null, cache);
        if (loaded.error() != null) return fail(loaded.error());
        var model = loaded.model();
        var validator = new SafetyValidator(file.policy(), Clock.fixed(NOON, ZoneOffset.UTC), new LoggingValidationFailures());
        if (half != null && half != 1 && half != 2) return fail("--half must be 1 or 2");
        var tally = new Tally();
        try {
            dataset.read(reader, message -> {
                if (half != null && halfOf(message.text()) != half) return;
                boolean isPositive = positiveLabels.contains(message.label());
                // A fresh, neutral context per row: a known contact at noon in UTC, no earlier messages.
                var facts = new InMemoryBehaviourFacts((address, channel) -> List.of(ZoneOffset.UTC), 16);
                facts.knowContact("row-" + message.line(), "me");
                var result = validator.validate(SafetyRequest.of(Direction.IN, message.text(),
                        "row-" + message.line(), "me", "eval", NOON), facts, model.forText());
                tally.add(isPositive, result.decision() != SafetyDecision.DELIVER, result.riskCategories());
            });
        } catch (LabelledDataOptions.BadData e) {
            return fail(e.getMessage());
        } finally {
            CliSafetyModel.close(loaded);
        }
        var writer = compact ? JsonMappers.PLAIN.writer() : JsonMappers.PRETTY;
        try {
            spec.commandLine().getOut().println(writer.writeValueAsString(tally.report(JsonMappers.PLAIN)));
        } catch (IOException e) {
            throw new IllegalStateException("report cannot be written as JSON", e);
        }
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** The half a row belongs to: 1 when its text's SHA-256 begins with an even byte, else 2. */
    static int halfOf(String text) {
        return Integer.parseInt(TraceIds.sha256(text).substring(0, 2), 16) % 2 == 0 ? 1 : 2;
    }

    private static MessageLabel labelOf(DatasetFormat format, String value) {
        return switch (format) {
            case UCI -> switch (value) {
                case "ham" -> MessageLabel.BENIGN;
                case "spam" -> MessageLabel.SPAM;
                default -> null;
            };
            case DAVIDSON -> switch (value) {
                case "0" -> MessageLabel.HOSTILE;
                case "1" -> MessageLabel.OFFENSIVE;
                case "2" -> MessageLabel.BENIGN;
                default -> null;
            };
        };
    }

    /** Counts for the report. */
    private static final class Tally {
        long rows;
        long positives;
        long flaggedPositives;
        long flaggedBenign;
        final long[] raised = new long[RiskCategory.values().length];
        final long[] raisedPositive = new long[RiskCategory.values().length];

        void add(boolean positive, boolean flagged, List<RiskCategory> categories) {
            rows++;
            if (positive) positives++;
            if (flagged && positive) flaggedPositives++;
            if (flagged && !positive) flaggedBenign++;
            for (RiskCategory c : categories) {
                raised[c.ordinal()]++;
                if (positive) raisedPositive[c.ordinal()]++;
            }
        }

        ObjectNode report(ObjectMapper mapper) {
            long benign = rows - positives;
            ObjectNode out = mapper.createObjectNode();
            out.put("rows", rows);
            out.put("positives", positives);
            out.put("benign", benign);
            ObjectNode any = out.putObject("any");
            rate(any, "recall", flaggedPositives, positives);
            rate(any, "false_alarm_rate", flaggedBenign, benign);
            ObjectNode categories = out.putObject("categories");
            for (RiskCategory c : RiskCategory.values()) {
                ObjectNode one = categories.putObject(c.wire());
                long hit = raisedPositive[c.ordinal()];
                rate(one, "precision", hit, raised[c.ordinal()]);
                rate(one, "recall", hit, positives);
                rate(one, "false_alarm_rate", raised[c.ordinal()] - hit, benign);
            }
            return out;
        }

        private static void rate(ObjectNode node, String field, long count, long of) {
            if (of == 0) {
                node.putNull(field);
            } else {
                node.put(field, Math.round(count * 1_000_000.0 / of) / 1_000_000.0);
            }
        }
    }

    private int fail(String message) {
        spec.commandLine().getErr().println("parley eval safety: " + message.replace('\n', ' '));
        spec.commandLine().getErr().flush();
        return BAD_INPUT;
    }
}
