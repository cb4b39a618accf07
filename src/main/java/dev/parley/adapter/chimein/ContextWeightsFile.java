package dev.parley.adapter.chimein;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;
import dev.parley.domain.chimein.context.ContextWeights;
import dev.parley.domain.chimein.context.ParentFeatures;
import dev.parley.domain.chimein.context.ParentModel;
import dev.parley.domain.chimein.context.ThreadFeatures;
import dev.parley.domain.chimein.context.ThreadModel;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The default strategy's weights as JSON ({@code context_weights.json}): written by {@code parley train context},
 * shipped as a resource and read at start. Weights are named by feature, numbers are written as the trainer rounded
 * them, objects keep their order and nothing depends on the time: the same data gives the same bytes. The file also
 * keeps what made it ({@code provenance}) and the figures measured while fitting ({@code evaluation}); reading
 * checks the model parts strictly (an unknown, missing or misspelt feature is refused with the reason) and leaves
 * the rest alone.
 */
public final class ContextWeightsFile {
    public static final String FILE_NAME = "context_weights.json";
    static final String FORMAT = "parley-context-weights/1";

    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    private ContextWeightsFile() {
    }

    /** The shipped weights (a broken resource is a build error: it fails loudly). */
    public static ContextWeights shipped() {
        var source = "built-in " + FILE_NAME;
        try (var in = ContextWeightsFile.class.getResourceAsStream("/" + FILE_NAME)) {
            if (in == null) throw new ContextWeightsFileException(source + ": missing from the classpath");
            return read(source, in);
        } catch (IOException e) {
            throw new ContextWeightsFileException(source + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /** Reads a weights file, naming {@code source} in any error. */
    public static ContextWeights read(String source, InputStream in) {
        JsonNode root;
        try {
            root = MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            throw new ContextWeightsFileException(source + ": not JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new ContextWeightsFileException(source + ": cannot be read (" + e.getMessage() + ")");
        }
        if (root == null || !FORMAT.equals(root.path("format").asText())) {
            throw new ContextWeightsFileException(source + ": format must be '" + FORMAT + "'");
        }
        try {
            var parent = object(root, "parent");
            var addressed = object(parent, "addressed");
            var unaddressed = object(parent, "unaddressed");
            var thread = object(root, "thread");
            var threadModel = new ThreadModel(weights(object(thread, "weights"), keys(ThreadFeatures.Feature.values())),
                    number(thread, "threshold"), (int) number(thread, "max_selected"));
            return new ContextWeights(
                    new ParentModel(weights(object(addressed, "candidate"), candidateKeys()), new double[0]),
                    new ParentModel(weights(object(unaddressed, "candidate"), candidateKeys()),
                            weights(object(unaddressed, "none"), keys(ParentFeatures.Mention.values()))),
                    threadModel);
        } catch (IllegalArgumentException e) {
            throw new ContextWeightsFileException(source + ": " + e.getMessage());
        }
    }

    /**
     * The file text: format, {@code provenance} (ordered, as given), the weights, then {@code evaluation} (ordered,
     * as given).
     */
    public static String write(ContextWeights w, Map<String, ?> provenance, Map<String, ?> evaluation) {
        var root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.set("provenance", MAPPER.valueToTree(provenance));
        var parent = root.putObject("parent");
        parent.putObject("addressed").set("candidate", named(w.addressed().candidate(), candidateKeys()));
        var unaddressed = parent.putObject("unaddressed");
        unaddressed.set("candidate", named(w.unaddressed().candidate(), candidateKeys()));
        unaddressed.set("none", named(w.unaddressed().none(), keys(ParentFeatures.Mention.values())));
        var thread = root.putObject("thread");
        thread.set("weights", named(w.thread().weights(), keys(ThreadFeatures.Feature.values())));
        thread.put("threshold", decimal(w.thread().threshold()));
        thread.put("max_selected", w.thread().maxSelected());
        root.set("evaluation", MAPPER.valueToTree(evaluation));
        try {
            return JsonMappers.PRETTY.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> candidateKeys() {
        return keys(ParentFeatures.Candidate.values());
    }

    private static List<String> keys(Enum<?>[] values) {
        return java.util.Arrays.stream(values).map(v -> v.name().toLowerCase(java.util.Locale.ROOT)).toList();
    }

    private static ObjectNode named(double[] weights, List<String> keys) {
        var node = MAPPER.createObjectNode();
        for (int i = 0; i < keys.size(); i++) node.put(keys.get(i), decimal(weights[i]));
        return node;
    }

    /** The shortest decimal of a rounded weight ("-1.19", "0"), never an exponent. */
    static BigDecimal decimal(double v) {
        var d = BigDecimal.valueOf(v).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0) : d;
    }

    private static double[] weights(JsonNode node, List<String> keys) {
        var out = new double[keys.size()];
        var seen = new HashSet<String>();
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            var name = names.next();
            int i = keys.indexOf(name);
            if (i < 0) throw new IllegalArgumentException("unknown feature '" + name + "' (known: " + keys + ")");
            out[i] = number(node, name);
            seen.add(name);
        }
        for (var key : keys) if (!seen.contains(key)) throw new IllegalArgumentException("no weight for '" + key + "'");
        return out;
    }

    private static JsonNode object(JsonNode node, String name) {
        var child = node.get(name);
        if (child == null || !child.isObject()) throw new IllegalArgumentException("'" + name + "' must be an object");
        return child;
    }

    private static double number(JsonNode node, String name) {
        var child = node.get(name);
        if (child == null || !child.isNumber()) throw new IllegalArgumentException("'" + name + "' must be a number");
        return child.asDouble();
    }
}
