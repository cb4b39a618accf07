package dev.parley.adapter.assistant;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.application.playbook.assistant.Profiles;
import dev.parley.domain.assistant.Profile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Assistant profiles: the shipped ones ({@code profiles/<name>.json} in the jar: general, support, scheduling,
 * recap), and {@code $PARLEY_HOME/profiles/*.json}, each of which adds a profile or replaces the shipped one of the
 * same name. Read and checked at start: a broken file stops Parley naming the file and the field.
 */
public final class ProfileFiles implements Profiles {
    public static final List<String> SHIPPED = List.of("general", "support", "scheduling", "recap");
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;
    private static final Set<String> KEYS = Set.of("name", "description", "guidance", "tools", "keywords");

    private final List<Profile> profiles;
    private final Profile defaultProfile;

    private ProfileFiles(List<Profile> profiles, Profile defaultProfile) {
        this.profiles = List.copyOf(profiles);
        this.defaultProfile = defaultProfile;
    }

    /**
     * @param home        the Parley home (its {@code profiles/} folder is optional)
     * @param knownTools  the tool names a profile may allow
     * @param defaultName {@code assistant.default_profile}
     * @throws ProfileFileException naming the file and the problem
     */
    public static ProfileFiles load(Path home, Set<String> knownTools, String defaultName) {
        var byName = new LinkedHashMap<String, Profile>();
        for (var name : SHIPPED) {
            try (InputStream in = ProfileFiles.class.getResourceAsStream("/profiles/" + name + ".json")) {
                if (in == null) throw new ProfileFileException(name + ".json", "missing from the jar");
                byName.put(name, read(name + ".json", MAPPER.readTree(in), knownTools));
            } catch (IOException e) {
                throw new ProfileFileException(name + ".json", "unreadable: " + e.getMessage());
            }
        }
        var dir = home == null ? null : home.resolve("profiles");
        if (dir != null && Files.isDirectory(dir)) {
            try (var files = Files.list(dir)) {
                for (var file : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                    JsonNode node;
                    try {
                        node = MAPPER.readTree(file.toFile());
                    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                        throw new ProfileFileException(file.toString(), "not valid JSON: " + e.getOriginalMessage());
                    }
                    var profile = read(file.toString(), node, knownTools);
                    byName.put(profile.name(), profile);
                }
            } catch (IOException e) {
                throw new ProfileFileException(dir.toString(), "unreadable: " + e.getMessage());
            }
        }
        var defaultProfile = byName.get(defaultName);
        if (defaultProfile == null) {
            throw new ProfileFileException("assistant.default_profile", "no profile named '" + defaultName
                    + "'; known: " + byName.keySet());
        }
        return new ProfileFiles(new ArrayList<>(byName.values()), defaultProfile);
    }

    private static Profile read(String file, JsonNode node, Set<String> knownTools) {
        if (node == null || !node.isObject()) throw new ProfileFileException(file, "not a JSON object");
        node.fieldNames().forEachRemaining(key -> {
            if (!KEYS.contains(key)) throw new ProfileFileException(file, "unknown key '" + key + "'");
        });
        var name = node.path("name").asText("");
        if (!name.matches("[a-z][a-z0-9_-]{0,63}")) {
            throw new ProfileFileException(file, "name: must be lower case letters, digits, _ or - (got '" + name + "')");
        }
        if (node.path("description").asText("").isBlank()) throw new ProfileFileException(file, "description: missing");
        var tools = new LinkedHashSet<String>();
        for (var tool : array(file, node, "tools")) {
            if (!knownTools.contains(tool)) {
                throw new ProfileFileException(file, "tools: unknown tool '" + tool + "'; known: " + knownTools);
            }
            tools.add(tool);
        }
        return new Profile(name, node.path("description").asText(), node.path("guidance").asText(""), tools,
                array(file, node, "keywords"));
    }

    private static List<String> array(String file, JsonNode node, String key) {
        var value = node.get(key);
        if (value == null) return List.of();
        if (!value.isArray()) throw new ProfileFileException(file, key + ": not a list");
        var out = new ArrayList<String>();
        value.forEach(v -> {
            if (!v.isTextual()) throw new ProfileFileException(file, key + ": not a list of strings");
            out.add(v.asText());
        });
        return out;
    }

    @Override
    public List<Profile> all() {
        return profiles;
    }

    @Override
    public Profile defaultProfile() {
        return defaultProfile;
    }

    /** A profile file that cannot be used: the file and what is wrong. */
    public static final class ProfileFileException extends RuntimeException {
        public ProfileFileException(String file, String problem) {
            super(file + ": " + problem);
        }
    }

    /** For tests and tools: profiles given in code. */
    public static Profiles of(List<Profile> profiles, String defaultName) {
        var map = new LinkedHashMap<String, Profile>();
        profiles.forEach(p -> map.put(p.name(), p));
        return new ProfileFiles(profiles, java.util.Objects.requireNonNull(map.get(defaultName), defaultName));
    }
}
