package dev.parley.adapter.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.domain.alert.AlertCategory;
import dev.parley.domain.alert.AlertPattern;
import dev.parley.domain.alert.AlertPatternSet;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.alert.ContextRule;
import dev.parley.domain.alert.CriticalAlertDetector;
import dev.parley.domain.alert.InvalidAlertPatternException;
import dev.parley.domain.alert.MatchingMode;
import dev.parley.domain.alert.PatternOrigin;
import dev.parley.domain.alert.RequiresContextRule;
import dev.parley.domain.alert.UnlessRule;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Loads {@code opt_out_phrases.json}: the built-in default, or the copy in {@code $PARLEY_HOME}
 * that overrides it. Validates strictly (unknown fields are refused so a misspelt {@code unless}
 * cannot silently disable a rule) and compiles both matching modes at load, so every bad entry is
 * reported before the first message with the file, the entry and the reason.
 */
public final class AlertPatternsFile {
    /** The file name, both as a classpath resource and in {@code $PARLEY_HOME}. */
    public static final String FILE_NAME = "opt_out_phrases.json";

    private static final Set<String> FILE_FIELDS = Set.of("format", "description", "categories");
    private static final Set<String> CATEGORY_FIELDS = Set.of("id", "name", "severity", "note", "patterns");
    private static final Set<String> PATTERN_FIELDS = Set.of("id", "pattern", "origin", "note", "rules");
    private static final Set<String> RULE_FIELDS = Set.of("term", "unless", "requires_context", "reason");

    private final String source;
    private final AlertPatternSet patterns;
    private final CriticalAlertDetector parley;
    private final CriticalAlertDetector seedRaw;

    private AlertPatternsFile(String source, AlertPatternSet patterns) {
        this.source = source;
        this.patterns = patterns;
        LinearTimeTermFinderCompiler compiler = new LinearTimeTermFinderCompiler();
        try {
            this.parley = CriticalAlertDetector.build(patterns, compiler, MatchingMode.PARLEY);
            this.seedRaw = CriticalAlertDetector.build(patterns, compiler, MatchingMode.SEED_RAW);
        } catch (InvalidAlertPatternException e) {
            throw new AlertPatternsFileException(source + ": " + e.getMessage(), e);
        }
    }

    /** {@code parleyHome/opt_out_phrases.json} when that file exists. */
    public static Optional<Path> overrideIn(Path parleyHome) {
        Path candidate = parleyHome.resolve(FILE_NAME);
        return Files.isRegularFile(candidate) ? Optional.of(candidate) : Optional.empty();
    }

    /** The override when given, otherwise the built-in default. */
    public static AlertPatternsFile load(Optional<Path> override) {
        return override.map(AlertPatternsFile::load).orElseGet(AlertPatternsFile::loadDefault);
    }

    /** The built-in default (the seed's four lists with Parley's context rules). */
    public static AlertPatternsFile loadDefault() {
        String source = "built-in " + FILE_NAME;
        try (InputStream in = AlertPatternsFile.class.getResourceAsStream("/" + FILE_NAME)) {
            if (in == null) {
                throw new AlertPatternsFileException(source + ": missing from the classpath");
            }
            return parse(source, in.readAllBytes());
        } catch (IOException e) {
            throw new AlertPatternsFileException(source + ": cannot be read: " + e.getMessage(), e);
        }
    }

    /** The file at {@code path}. */
    public static AlertPatternsFile load(Path path) {
        String source = path.toString();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new AlertPatternsFileException(source + ": cannot be read (" + e.getClass().getSimpleName()
                    + ": " + e.getMessage() + ")", e);
        }
        return parse(source, bytes);
    }

    /** Parses and validates patterns given as JSON text (for example from the console's editor). */
    public static AlertPatternsFile parse(String source, String json) {
        return parse(source, json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static AlertPatternsFile parse(String source, byte[] bytes) {
        ObjectMapper mapper = JsonMappers.STRICT;
        JsonNode root;
        try {
            root = mapper.readTree(bytes);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new AlertPatternsFileException(source + ": not valid JSON" + where + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new AlertPatternsFileException(source + ": cannot be read: " + e.getMessage(), e);
        }
        return new AlertPatternsFile(source, new Reader(source).patternSet(root));
    }

    /** Where the patterns came from: a path, or "built-in opt_out_phrases.json". */
    public String source() {
        return source;
    }

    /** The validated patterns. */
    public AlertPatternSet patterns() {
        return patterns;
    }

    /** The detector for {@code mode}, built at load. */
    public CriticalAlertDetector detector(MatchingMode mode) {
        return mode == MatchingMode.PARLEY ? parley : seedRaw;
    }

    /** Turns the JSON tree into domain values, failing on the first bad entry. */
    private record Reader(String source) {

        AlertPatternSet patternSet(JsonNode root) {
            requireObject(root, "the file", FILE_FIELDS);
            JsonNode categories = root.get("categories");
            if (categories == null || !categories.isArray() || categories.isEmpty()) {
                throw fail("the file", "'categories' must be a non-empty array");
            }
            List<AlertCategory> result = new ArrayList<>();
            Set<String> categoryIds = new HashSet<>();
            Set<String> patternIds = new HashSet<>();
            int index = 0;
            for (JsonNode category : categories) {
                AlertCategory parsed = category(category, "category #" + (++index));
                if (!categoryIds.add(parsed.id())) {
                    throw fail("category '" + parsed.id() + "'", "duplicate category id");
                }
                for (AlertPattern pattern : parsed.patterns()) {
                    if (!patternIds.add(pattern.id())) {
                        throw fail("category '" + parsed.id() + "', pattern '" + pattern.id() + "'", "duplicate pattern id");
                    }
                }
                result.add(parsed);
            }
            return new AlertPatternSet(result);
        }

        private AlertCategory category(JsonNode node, String fallback) {
            requireObject(node, fallback, CATEGORY_FIELDS);
            String id = text(node, "id", fallback);
            String entry = "category '" + id + "'";
            String name = text(node, "name", entry);
            String severityText = text(node, "severity", entry);
            var severity = AlertSeverity.IN_PATTERN_FILES.stream()
                    .filter(s -> s.wire().equals(severityText.toUpperCase(Locale.ROOT))).findFirst()
                    .orElseThrow(() -> fail(entry, "severity '" + severityText + "' is not CRITICAL or HIGH_VALUE"));
            JsonNode patterns = node.get("patterns");
            if (patterns == null || !patterns.isArray() || patterns.isEmpty()) {
                throw fail(entry, "'patterns' must be a non-empty array");
            }
            List<AlertPattern> result = new ArrayList<>();
            int index = 0;
            for (JsonNode pattern : patterns) {
                result.add(pattern(pattern, entry, entry + ", pattern #" + (++index)));
            }
            return new AlertCategory(id, name, severity, result);
        }

        private AlertPattern pattern(JsonNode node, String categoryEntry, String fallback) {
            requireObject(node, fallback, PATTERN_FIELDS);
            String id = text(node, "id", fallback);
            String entry = categoryEntry + ", pattern '" + id + "'";
            String expression = text(node, "pattern", entry);
            PatternOrigin origin = PatternOrigin.SEED;
            if (node.has("origin")) {
                String originText = text(node, "origin", entry);
                try {
                    origin = PatternOrigin.valueOf(originText.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    throw fail(entry, "origin '" + originText + "' is not 'seed' or 'parley'");
                }
            }
            List<ContextRule> rules = new ArrayList<>();
            JsonNode rulesNode = node.get("rules");
            if (rulesNode != null) {
                if (!rulesNode.isArray()) {
                    throw fail(entry, "'rules' must be an array");
                }
                int index = 0;
                for (JsonNode rule : rulesNode) {
                    rules.add(rule(rule, entry + ", rule #" + (++index)));
                }
            }
            return new AlertPattern(id, expression, origin, rules);
        }

        private ContextRule rule(JsonNode node, String entry) {
            requireObject(node, entry, RULE_FIELDS);
            String term = text(node, "term", entry);
            String reason = text(node, "reason", entry + " ('" + term + "')");
            boolean unless = node.has("unless");
            boolean requires = node.has("requires_context");
            if (unless == requires) {
                throw fail(entry + " ('" + term + "')", "give exactly one of 'unless' and 'requires_context'");
            }
            String field = unless ? "unless" : "requires_context";
            List<String> phrases = strings(node.get(field), entry + " ('" + term + "')", field);
            return unless ? new UnlessRule(term, phrases, reason) : new RequiresContextRule(term, phrases, reason);
        }

        private List<String> strings(JsonNode node, String entry, String field) {
            if (!node.isArray() || node.isEmpty()) {
                throw fail(entry, "'" + field + "' must be a non-empty array of phrases");
            }
            List<String> result = new ArrayList<>();
            for (JsonNode item : node) {
                if (!item.isTextual() || item.asText().isBlank()) {
                    throw fail(entry, "'" + field + "' holds a value that is not a non-empty string");
                }
                result.add(item.asText());
            }
            return result;
        }

        private String text(JsonNode node, String field, String entry) {
            JsonNode value = node.get(field);
            if (value == null || !value.isTextual() || value.asText().isBlank()) {
                throw fail(entry, "'" + field + "' must be a non-empty string");
            }
            return value.asText();
        }

        private void requireObject(JsonNode node, String entry, Set<String> allowed) {
            if (node == null || !node.isObject()) {
                throw fail(entry, "must be a JSON object");
            }
            for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (!allowed.contains(name)) {
                    throw fail(entry, "unknown field '" + name + "' (allowed: " + String.join(", ", allowed.stream().sorted().toList()) + ")");
                }
            }
        }

        private AlertPatternsFileException fail(String entry, String reason) {
            return new AlertPatternsFileException(source + ": " + entry + ": " + reason);
        }
    }
}
