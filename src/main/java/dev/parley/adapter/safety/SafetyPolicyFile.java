package dev.parley.adapter.safety;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.adapter.alerts.LinearTimeTermFinderCompiler;
import dev.parley.application.JsonMappers;
import dev.parley.domain.safety.InvalidSafetyPolicyException;
import dev.parley.domain.safety.LexiconEntry;
import dev.parley.domain.safety.LinkRules;
import dev.parley.domain.safety.RiskCategory;
import dev.parley.domain.safety.RiskLevel;
import dev.parley.domain.safety.SafetyPolicy;
import dev.parley.domain.safety.SafetyRules;
import dev.parley.domain.safety.TraceIds;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Loads {@code safety.json}: the built-in default, or the copy in {@code $PARLEY_HOME} that overrides it. Strict:
 * unknown keys are refused (a misspelt key must not silently fall back to a default), every lexicon entry is
 * compiled with the alert patterns' linear-time compiler at load. The policy version is the first 16 hex digits
 * of the SHA-256 of the file's bytes, so every change to the file shows in the decisions.
 */
public final class SafetyPolicyFile {
    /** The file name, both as a classpath resource and in {@code $PARLEY_HOME}. */
    public static final String FILE_NAME = "safety.json";

    private static final Set<String> FILE_FIELDS = Set.of("format", "description", "risk_thresholds", "time_rules",
            "frequency_limits", "lexicons", "links", "crisis_resources");
    private static final Set<String> LINK_FIELDS = Set.of("note", "weights", "shorteners", "chat_links",
            "bare_suffixes", "brands");
    private static final Set<String> LINK_WEIGHTS = Set.of("shortener", "lookalike", "brand_mismatch", "ip_address");
    private static final Set<String> BRAND_FIELDS = Set.of("name", "mentions", "domains");
    private static final Set<String> RESOURCE_FIELDS = Set.of("id", "phrases", "pattern", "requires", "note");
    private static final Set<String> TIME_FIELDS = Set.of("quiet_hours", "work_hours", "delay_minutes");
    private static final Set<String> SPAN_FIELDS = Set.of("start", "end");
    private static final Set<String> FREQUENCY_FIELDS = Set.of("max_messages_per_hour", "max_notifications_per_day",
            "escalation_threshold");
    private static final Set<String> ENTRY_FIELDS = Set.of("id", "phrases", "pattern", "requires", "weight", "floor",
            "max_terms", "rewrite", "context", "note");
    private static final String FORMAT = "parley-safety/1";

    private final String source;
    private final SafetyPolicy policy;

    private SafetyPolicyFile(String source, SafetyPolicy policy) {
        this.source = source;
        this.policy = policy;
    }

    /** {@code parleyHome/safety.json} when that file exists. */
    public static Optional<Path> overrideIn(Path parleyHome) {
        Path candidate = parleyHome.resolve(FILE_NAME);
        return Files.isRegularFile(candidate) ? Optional.of(candidate) : Optional.empty();
    }

    /** The override when given, otherwise the built-in default. */
    public static SafetyPolicyFile load(Optional<Path> override) {
        return override.map(SafetyPolicyFile::load).orElseGet(SafetyPolicyFile::loadDefault);
    }

    /** The built-in default: the seed's frozen thresholds, time rules and limits with Parley's lexicons. */
    public static SafetyPolicyFile loadDefault() {
        return parse("built-in " + FILE_NAME, defaultBytes());
    }

    /** The built-in file's bytes (for copying it into a home, or for the console's editor). */
    public static byte[] defaultBytes() {
        try (InputStream in = SafetyPolicyFile.class.getResourceAsStream("/" + FILE_NAME)) {
            if (in == null) throw new SafetyPolicyFileException("built-in " + FILE_NAME + ": missing from the classpath");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new SafetyPolicyFileException("built-in " + FILE_NAME + ": cannot be read", e);
        }
    }

    /** The file at {@code path}. */
    public static SafetyPolicyFile load(Path path) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new SafetyPolicyFileException(path + ": cannot be read (" + e.getClass().getSimpleName() + ")", e);
        }
        return parse(path.toString(), bytes);
    }

    /** Parses and validates a policy given as JSON text (for example from the console's editor). */
    public static SafetyPolicyFile parse(String source, String json) {
        return parse(source, json.getBytes(StandardCharsets.UTF_8));
    }

    /** Parses and validates a policy given as bytes; {@code source} names it in error messages. */
    public static SafetyPolicyFile parse(String source, byte[] bytes) {
        ObjectMapper mapper = JsonMappers.STRICT;
        JsonNode root;
        try {
            root = mapper.readTree(bytes);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new SafetyPolicyFileException(source + ": not valid JSON" + where + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new SafetyPolicyFileException(source + ": cannot be read", e);
        }
        String version = TraceIds.sha256(bytes).substring(0, 16);
        try {
            SafetyRules rules = new Reader(source).rules(root);
            return new SafetyPolicyFile(source, SafetyPolicy.compile(rules, new LinearTimeTermFinderCompiler(), version));
        } catch (InvalidSafetyPolicyException | IllegalArgumentException e) {
            throw new SafetyPolicyFileException(source + ": " + e.getMessage(), e);
        }
    }

    /** Where the policy came from: a path, or "built-in safety.json". */
    public String source() {
        return source;
    }

    /** The compiled policy. */
    public SafetyPolicy policy() {
        return policy;
    }

    /** The policy version (first 16 hex of the file's SHA-256). */
    public String version() {
        return policy.version();
    }

    private record Reader(String source) {

        SafetyRules rules(JsonNode root) {
            requireObject(root, "the file", FILE_FIELDS);
            JsonNode format = root.get("format");
            if (format == null || !FORMAT.equals(format.asText())) {
                throw new IllegalArgumentException("'format' must be \"" + FORMAT + "\"");
            }
            JsonNode thresholds = required(root, "risk_thresholds", "the file");
            Set<String> categoryNames = new HashSet<>();
            for (RiskCategory c : RiskCategory.values()) categoryNames.add(c.wire());
            requireObject(thresholds, "risk_thresholds", categoryNames);
            Map<RiskCategory, Integer> limits = new EnumMap<>(RiskCategory.class);
            for (RiskCategory c : RiskCategory.values()) {
                limits.put(c, wholeNumber(required(thresholds, c.wire(), "risk_thresholds"), "risk_thresholds." + c.wire()));
            }
            JsonNode time = required(root, "time_rules", "the file");
            requireObject(time, "time_rules", TIME_FIELDS);
            JsonNode quiet = required(time, "quiet_hours", "time_rules");
            JsonNode work = required(time, "work_hours", "time_rules");
            requireObject(quiet, "time_rules.quiet_hours", SPAN_FIELDS);
            requireObject(work, "time_rules.work_hours", SPAN_FIELDS);
            JsonNode delay = time.get("delay_minutes");
            SafetyRules.TimeRules timeRules = new SafetyRules.TimeRules(
                    time(quiet, "start", "time_rules.quiet_hours"), time(quiet, "end", "time_rules.quiet_hours"),
                    time(work, "start", "time_rules.work_hours"), time(work, "end", "time_rules.work_hours"),
                    delay == null ? 60 : wholeNumber(delay, "time_rules.delay_minutes"));
            JsonNode frequency = required(root, "frequency_limits", "the file");
            requireObject(frequency, "frequency_limits", FREQUENCY_FIELDS);
            SafetyRules.FrequencyLimits frequencyLimits = new SafetyRules.FrequencyLimits(
                    wholeNumber(required(frequency, "max_messages_per_hour", "frequency_limits"), "frequency_limits.max_messages_per_hour"),
                    wholeNumber(required(frequency, "max_notifications_per_day", "frequency_limits"), "frequency_limits.max_notifications_per_day"),
                    wholeNumber(required(frequency, "escalation_threshold", "frequency_limits"), "frequency_limits.escalation_threshold"));
            JsonNode lexicons = required(root, "lexicons", "the file");
            requireObject(lexicons, "lexicons", categoryNames);
            Map<RiskCategory, List<LexiconEntry>> entries = new EnumMap<>(RiskCategory.class);
            for (RiskCategory c : RiskCategory.values()) {
                JsonNode list = lexicons.get(c.wire());
                if (list == null) continue;
                if (!list.isArray()) throw new IllegalArgumentException("lexicons." + c.wire() + " must be an array");
                List<LexiconEntry> parsed = new ArrayList<>();
                Set<String> ids = new HashSet<>();
                int index = 0;
                for (JsonNode entry : list) {
                    LexiconEntry e = entry(entry, "lexicons." + c.wire() + "[" + index++ + "]");
                    if (!ids.add(e.id())) {
                        throw new IllegalArgumentException("lexicons." + c.wire() + ": duplicate id '" + e.id() + "'");
                    }
                    parsed.add(e);
                }
                entries.put(c, parsed);
            }
            // Issue 35's sections: a file written before them gets the built-in ones
            JsonNode links = root.has("links") ? root.get("links") : builtIn().get("links");
            JsonNode resources = root.has("crisis_resources") ? root.get("crisis_resources")
                    : builtIn().get("crisis_resources");
            return new SafetyRules(limits, timeRules, frequencyLimits, entries, links(links),
                    crisisResources(resources));
        }

        private static JsonNode builtIn() {
            try {
                return JsonMappers.PLAIN.readTree(defaultBytes());
            } catch (IOException e) {
                throw new SafetyPolicyFileException("built-in " + FILE_NAME + ": cannot be read", e);
            }
        }

        private LinkRules links(JsonNode node) {
            if (node == null) return LinkRules.NONE;
            requireObject(node, "links", LINK_FIELDS);
            JsonNode w = required(node, "weights", "links");
            requireObject(w, "links.weights", LINK_WEIGHTS);
            var weights = new LinkRules.Weights(weight(w, "shortener"), weight(w, "lookalike"),
                    weight(w, "brand_mismatch"), weight(w, "ip_address"));
            List<LinkRules.Brand> brands = new ArrayList<>();
            JsonNode list = required(node, "brands", "links");
            if (!list.isArray()) throw new IllegalArgumentException("links.brands must be an array");
            int index = 0;
            for (JsonNode b : list) {
                String where = "links.brands[" + index++ + "]";
                requireObject(b, where, BRAND_FIELDS);
                JsonNode name = required(b, "name", where);
                if (!name.isTextual() || name.asText().isBlank()) {
                    throw new IllegalArgumentException(where + ".name must be a non-empty string");
                }
                List<String> domains = strings(required(b, "domains", where), where + ".domains", true);
                for (String d : domains) domain(d, where + ".domains");
                var mentions = strings(required(b, "mentions", where), where + ".mentions", false);
                brands.add(new LinkRules.Brand(name.asText(), mentions, domains));
            }
            List<String> shorteners = strings(required(node, "shorteners", "links"), "links.shorteners", false);
            for (String d : shorteners) domain(d, "links.shorteners");
            List<String> chats = strings(required(node, "chat_links", "links"), "links.chat_links", false);
            for (String d : chats) domain(d, "links.chat_links");
            return new LinkRules(weights, shorteners, chats, strings(required(node, "bare_suffixes", "links"),
                    "links.bare_suffixes", false), brands);
        }

        private List<LexiconEntry> crisisResources(JsonNode node) {
            if (node == null) return List.of();
            if (!node.isArray()) throw new IllegalArgumentException("crisis_resources must be an array");
            List<LexiconEntry> entries = new ArrayList<>();
            Set<String> ids = new HashSet<>();
            int index = 0;
            for (JsonNode entry : node) {
                String where = "crisis_resources[" + index++ + "]";
                requireObject(entry, where, RESOURCE_FIELDS);
                LexiconEntry e = entry(entry, where);
                if (!ids.add(e.id())) {
                    throw new IllegalArgumentException("crisis_resources: duplicate id '" + e.id() + "'");
                }
                entries.add(e);
            }
            return entries;
        }

        private static double weight(JsonNode weights, String field) {
            JsonNode w = required(weights, field, "links.weights");
            if (!w.isNumber() || w.asDouble() < 0 || w.asDouble() > 100) {
                throw new IllegalArgumentException("links.weights." + field + " must be a number in [0, 100]");
            }
            return w.asDouble();
        }

        /** A lower-case domain name ({@code bit.ly}, {@code gov.uk}, {@code gov}). */
        private static void domain(String d, String where) {
            if (!d.matches("[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*")) {
                throw new IllegalArgumentException(where + ": '" + d + "' is not a lower-case domain name");
            }
        }

        private static List<String> strings(JsonNode node, String where, boolean nonEmpty) {
            if (!node.isArray() || nonEmpty && node.isEmpty()) {
                throw new IllegalArgumentException(where + " must be " + (nonEmpty ? "a non-empty" : "an") + " array");
            }
            List<String> out = new ArrayList<>();
            for (JsonNode v : node) {
                if (!v.isTextual() || v.asText().isBlank()) {
                    throw new IllegalArgumentException(where + ": every item must be a non-empty string");
                }
                out.add(v.asText());
            }
            return out;
        }

        private LexiconEntry entry(JsonNode node, String where) {
            requireObject(node, where, ENTRY_FIELDS);
            JsonNode id = required(node, "id", where);
            if (!id.isTextual() || id.asText().isBlank()) throw new IllegalArgumentException(where + ".id must be a non-empty string");
            String at = where + " ('" + id.asText() + "')";
            List<String> phrases = new ArrayList<>();
            JsonNode list = node.get("phrases");
            if (list != null) {
                if (!list.isArray() || list.isEmpty()) throw new IllegalArgumentException(at + ": 'phrases' must be a non-empty array");
                for (JsonNode p : list) {
                    if (!p.isTextual() || p.asText().isBlank()) throw new IllegalArgumentException(at + ": every phrase must be a non-empty string");
                    phrases.add(p.asText());
                }
            }
            JsonNode pattern = node.get("pattern");
            if (pattern != null && (!pattern.isTextual() || pattern.asText().isBlank())) {
                throw new IllegalArgumentException(at + ": 'pattern' must be a non-empty string");
            }
            if ((list == null) == (pattern == null)) {
                throw new IllegalArgumentException(at + ": needs either 'phrases' or 'pattern', not both");
            }
            double weight = 1;
            JsonNode w = node.get("weight");
            if (w != null) {
                if (!w.isNumber() || !(w.asDouble() > 0) || w.asDouble() > 100) {
                    throw new IllegalArgumentException(at + ": 'weight' must be a number in (0, 100]");
                }
                weight = w.asDouble();
            }
            RiskLevel floor = RiskLevel.NONE;
            JsonNode f = node.get("floor");
            if (f != null) {
                floor = f.isTextual() ? RiskLevel.fromWire(f.asText()) : null;
                if (floor == null || floor == RiskLevel.NONE) {
                    throw new IllegalArgumentException(at + ": 'floor' must be one of low, medium, high, critical");
                }
            }
            int maxTerms = 0;
            JsonNode m = node.get("max_terms");
            if (m != null) {
                if (!m.isIntegralNumber() || m.asInt() < 1) {
                    throw new IllegalArgumentException(at + ": 'max_terms' must be a whole number ≥ 1");
                }
                maxTerms = m.asInt();
            }
            List<String> requires = new ArrayList<>();
            JsonNode req = node.get("requires");
            if (req != null) {
                if (pattern == null) throw new IllegalArgumentException(at + ": 'requires' applies to a 'pattern' only");
                if (!req.isArray() || req.isEmpty()) throw new IllegalArgumentException(at + ": 'requires' must be a non-empty array");
                for (JsonNode r : req) {
                    if (!r.isTextual() || r.asText().isEmpty()) {
                        throw new IllegalArgumentException(at + ": every 'requires' entry must be a non-empty string");
                    }
                    // matched against the normalised (lower-case) text
                    requires.add(r.asText().toLowerCase(java.util.Locale.ROOT));
                }
            }
            boolean dropsSentence = choice(node, "rewrite", at, "drop_sentence", "by_category");
            boolean linkOnly = choice(node, "context", at, "link", "any");
            return new LexiconEntry(id.asText(), phrases, Optional.ofNullable(pattern).map(JsonNode::asText), weight,
                    floor, maxTerms, requires, dropsSentence, linkOnly);
        }

        /** Whether optional {@code field} is {@code yes}; absent is {@code otherwise}; anything else is refused. */
        private static boolean choice(JsonNode node, String field, String at, String yes, String otherwise) {
            JsonNode value = node.get(field);
            if (value == null) return false;
            if (!value.isTextual() || !Set.of(yes, otherwise).contains(value.asText())) {
                throw new IllegalArgumentException(at + ": '" + field + "' must be \"" + yes + "\" or \""
                        + otherwise + "\"");
            }
            return value.asText().equals(yes);
        }

        private static JsonNode required(JsonNode node, String field, String where) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) throw new IllegalArgumentException(where + ": '" + field + "' is missing");
            return value;
        }

        private static void requireObject(JsonNode node, String where, Set<String> allowed) {
            if (!node.isObject()) throw new IllegalArgumentException(where + " must be a JSON object");
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (!allowed.contains(name)) {
                    throw new IllegalArgumentException(where + ": unknown key '" + name + "' (allowed: "
                            + String.join(", ", allowed.stream().sorted().toList()) + ")");
                }
            }
        }

        private static int wholeNumber(JsonNode node, String where) {
            if (!node.isIntegralNumber() || !node.canConvertToInt()) {
                throw new IllegalArgumentException(where + " must be a whole number");
            }
            return node.asInt();
        }

        private static LocalTime time(JsonNode span, String field, String where) {
            JsonNode value = required(span, field, where);
            try {
                return LocalTime.parse(value.asText());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(where + "." + field + " must be a time like \"22:00\"");
            }
        }
    }
}
