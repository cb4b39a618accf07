package dev.parley.adapter.playbooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.domain.fsm.DefinitionProblem;
import dev.parley.domain.fsm.LoadedPlaybook;
import dev.parley.domain.fsm.PlaybookDefinition;
import dev.parley.domain.fsm.PlaybookDefinitionException;
import dev.parley.domain.fsm.PlaybookSettings;
import dev.parley.domain.fsm.StateDef;
import dev.parley.domain.fsm.Templates;
import dev.parley.domain.fsm.Timer;
import dev.parley.domain.fsm.Transition;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Loads playbook files ({@code docs/playbooks/format.md}). A file in
 * {@code <home>/playbooks/<name>.json} replaces the built-in {@code playbooks/<name>.json}
 * resource wholesale (no merging: what you see in the file is what runs).
 *
 * <p>The JSON is walked by hand rather than data-bound so every error names its entry
 * ({@code transitions[4].to}) and unknown keys (typos such as {@code "guards"}) are rejected.
 */
public final class PlaybookFiles {

    private static final String RESOURCE_DIR = "playbooks/";
    /** Keeps names to plain file names: no path traversal out of the playbooks directory. */
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");
    private static final ObjectMapper JSON = JsonMappers.PLAIN;

    private final Optional<Path> home;

    /** @param home the Parley home directory ({@code $PARLEY_HOME}); empty to use built-ins only */
    public PlaybookFiles(Optional<Path> home) {
        this.home = home;
    }

    /** Built-in playbooks only. */
    public static PlaybookFiles builtInOnly() {
        return new PlaybookFiles(Optional.empty());
    }

    /** The override location for {@code name}, whether or not it exists. */
    public Optional<Path> overridePath(String name) {
        return home.map(h -> h.resolve("playbooks").resolve(name + ".json"));
    }

    /**
     * Loads and structurally validates a playbook.
     *
     * @throws PlaybookNotFoundException   if neither an override nor a built-in exists
     * @throws PlaybookDefinitionException if the file is malformed or the FSM invalid
     */
    public LoadedPlaybook load(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new PlaybookNotFoundException("invalid playbook name '" + name + "'");
        }
        Optional<Path> override = overridePath(name).filter(Files::isRegularFile);
        if (override.isPresent()) {
            Path path = override.get();
            try {
                return parse(name, path.toString(), path.toString(), Files.readString(path, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + path, e);
            }
        }
        String resource = RESOURCE_DIR + name + ".json";
        try (InputStream in = PlaybookFiles.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new PlaybookNotFoundException("no playbook '" + name + "'"
                        + overridePath(name).map(p -> " (looked in " + p + " and built-ins)").orElse(""));
            }
            return parse(name, name + ".json", "classpath:" + resource,
                    new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /**
     * Parses playbook JSON.
     *
     * @param source name used in error messages, e.g. {@code outreach.json}
     * @param origin where the text came from, kept on the result
     */
    public static LoadedPlaybook parse(String name, String source, String origin, String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new PlaybookDefinitionException(source, "line " + e.getLocation().getLineNr(),
                    "invalid JSON: " + e.getOriginalMessage());
        }
        return new Reader(source).read(name, origin, root);
    }

    /** One parse; collects problems so a broken file reports all of them at once. */
    private static final class Reader {

        private final String source;
        private final List<DefinitionProblem> problems = new ArrayList<>();

        Reader(String source) {
            this.source = source;
        }

        LoadedPlaybook read(String name, String origin, JsonNode root) {
            if (root == null || !root.isObject()) {
                throw new PlaybookDefinitionException(source, "$", "expected a JSON object");
            }
            onlyKeys(root, "$", Set.of("description", "states", "transitions", "timers", "templates", "settings"));
            List<StateDef> states = readList(root, "states", true, this::state);
            List<Transition> transitions = readList(root, "transitions", true, this::transition);
            List<Timer> timers = readList(root, "timers", false, this::timer);
            Templates templates = templates(root.get("templates"));
            PlaybookSettings settings = settings(root.get("settings"));
            if (!problems.isEmpty()) {
                throw new PlaybookDefinitionException(problems);
            }
            PlaybookDefinition definition = new PlaybookDefinition(name, source, states, transitions, timers);
            return new LoadedPlaybook(name, origin, definition, templates, settings);
        }

        private interface EntryReader<T> {
            Optional<T> read(JsonNode node, String entry);
        }

        private <T> List<T> readList(JsonNode root, String key, boolean required, EntryReader<T> reader) {
            JsonNode array = root.get(key);
            if (array == null) {
                if (required) {
                    problems.add(new DefinitionProblem(source, key, "missing"));
                }
                return List.of();
            }
            if (!array.isArray()) {
                problems.add(new DefinitionProblem(source, key, "expected an array"));
                return List.of();
            }
            List<T> out = new ArrayList<>();
            for (int i = 0; i < array.size(); i++) {
                String entry = key + "[" + i + "]";
                JsonNode node = array.get(i);
                if (!node.isObject()) {
                    problems.add(new DefinitionProblem(source, entry, "expected an object"));
                    continue;
                }
                reader.read(node, entry).ifPresent(out::add);
            }
            return out;
        }

        private Optional<StateDef> state(JsonNode node, String entry) {
            onlyKeys(node, entry, Set.of("name", "initial", "terminal", "description"));
            Optional<String> name = text(node, entry, "name", true);
            boolean initial = bool(node, entry, "initial");
            boolean terminal = bool(node, entry, "terminal");
            String description = text(node, entry, "description", false).orElse("");
            return name.map(n -> new StateDef(n, initial, terminal, description));
        }

        private Optional<Transition> transition(JsonNode node, String entry) {
            onlyKeys(node, entry, Set.of("from", "trigger", "guard", "to", "actions"));
            Optional<String> from = text(node, entry, "from", true);
            Optional<String> trigger = text(node, entry, "trigger", true);
            Optional<String> guard = text(node, entry, "guard", false);
            Optional<String> to = text(node, entry, "to", true);
            List<String> actions = new ArrayList<>();
            JsonNode array = node.get("actions");
            if (array != null) {
                if (!array.isArray()) {
                    problems.add(new DefinitionProblem(source, entry + ".actions", "expected an array of names"));
                } else {
                    for (JsonNode a : array) {
                        if (a.isTextual()) {
                            actions.add(a.asText());
                        } else {
                            problems.add(new DefinitionProblem(source, entry + ".actions", "expected action names"));
                        }
                    }
                }
            }
            if (from.isEmpty() || trigger.isEmpty() || to.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new Transition(from.get(), trigger.get(), guard, to.get(), actions));
        }

        private Optional<Timer> timer(JsonNode node, String entry) {
            onlyKeys(node, entry, Set.of("state", "after", "trigger"));
            Optional<String> state = text(node, entry, "state", true);
            Optional<String> after = text(node, entry, "after", true);
            Optional<String> trigger = text(node, entry, "trigger", true);
            Optional<Duration> duration = Optional.empty();
            if (after.isPresent()) {
                try {
                    duration = Optional.of(Duration.parse(after.get()));
                } catch (DateTimeParseException e) {
                    problems.add(new DefinitionProblem(source, entry + ".after",
                            "not an ISO-8601 duration in days or less (e.g. P30D, PT12H): '" + after.get() + "'"));
                }
            }
            if (state.isEmpty() || duration.isEmpty() || trigger.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new Timer(state.get(), duration.get(), trigger.get()));
        }

        private Templates templates(JsonNode node) {
            if (node == null) {
                return Templates.none();
            }
            if (!node.isObject()) {
                problems.add(new DefinitionProblem(source, "templates", "expected an object of name → text"));
                return Templates.none();
            }
            Map<String, String> texts = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (e.getValue().isTextual() && !e.getValue().asText().isBlank()) {
                    texts.put(e.getKey(), e.getValue().asText());
                } else {
                    problems.add(new DefinitionProblem(source, "templates." + e.getKey(), "expected non-empty text"));
                }
            }
            return new Templates(texts);
        }

        private PlaybookSettings settings(JsonNode node) {
            if (node == null) {
                return PlaybookSettings.none();
            }
            if (!node.isObject()) {
                problems.add(new DefinitionProblem(source, "settings", "expected an object"));
                return PlaybookSettings.none();
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> values = JSON.convertValue(node, Map.class);
            return new PlaybookSettings(values);
        }

        private Optional<String> text(JsonNode node, String entry, String key, boolean required) {
            JsonNode value = node.get(key);
            if (value == null || value.isNull()) {
                if (required) {
                    problems.add(new DefinitionProblem(source, entry, "missing '" + key + "'"));
                }
                return Optional.empty();
            }
            if (!value.isTextual() || value.asText().isBlank()) {
                problems.add(new DefinitionProblem(source, entry + "." + key, "expected non-empty text"));
                return Optional.empty();
            }
            return Optional.of(value.asText());
        }

        private boolean bool(JsonNode node, String entry, String key) {
            JsonNode value = node.get(key);
            if (value == null) {
                return false;
            }
            if (!value.isBoolean()) {
                problems.add(new DefinitionProblem(source, entry + "." + key, "expected true or false"));
                return false;
            }
            return value.asBoolean();
        }

        private void onlyKeys(JsonNode node, String entry, Set<String> allowed) {
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                String key = property.getKey();
                if (!allowed.contains(key)) {
                    problems.add(new DefinitionProblem(source, entry, "unknown key '" + key + "'"));
                }
            }
        }
    }
}
