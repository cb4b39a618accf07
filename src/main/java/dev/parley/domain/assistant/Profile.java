package dev.parley.domain.assistant;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An assistant persona (seed 001 step 2): what it is for (the router reads the description), its system guidance,
 * the tools it may use, and keywords the offline router scores.
 */
public record Profile(String name, String description, String guidance, Set<String> tools, List<String> keywords) {

    public Profile {
        Objects.requireNonNull(name, "name");
        if (!name.matches("[a-z][a-z0-9_-]{0,63}")) throw new IllegalArgumentException("bad profile name: " + name);
        description = description == null ? "" : description.strip();
        guidance = guidance == null ? "" : guidance.strip();
        tools = Set.copyOf(tools);
        keywords = List.copyOf(keywords);
    }

    public boolean allows(String tool) {
        return tools.contains(tool);
    }
}
