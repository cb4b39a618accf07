package dev.parley.application.playbook;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The playbooks Parley runs, by name, and which one new conversations get by default. */
public final class Playbooks {
    private final Map<String, Playbook> byName = new LinkedHashMap<>();
    private final String defaultName;

    public Playbooks(Iterable<Playbook> playbooks, String defaultName) {
        playbooks.forEach(p -> byName.put(p.name(), p));
        if (!byName.containsKey(defaultName)) {
            throw new IllegalArgumentException("default playbook '" + defaultName + "' is not installed; known: "
                    + byName.keySet());
        }
        this.defaultName = defaultName;
    }

    public Optional<Playbook> find(String name) {
        return Optional.ofNullable(byName.get(name == null ? defaultName : name));
    }

    public String defaultName() {
        return defaultName;
    }

    public Set<String> names() {
        return byName.keySet();
    }
}
