package dev.parley.application.playbook;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The playbooks Parley runs, by name, and which one new conversations get by default. */
public final class Playbooks {
    private final Map<String, Playbook> byName = new LinkedHashMap<>();
    private final String defaultName;
    private final String inboundName;

    public Playbooks(Iterable<Playbook> playbooks, String defaultName) {
        this(playbooks, defaultName, defaultName);
    }

    /**
     * @param defaultName playbook of conversations an operator starts without naming one
     * @param inboundName playbook of conversations a contact starts whose first message names none
     */
    public Playbooks(Iterable<Playbook> playbooks, String defaultName, String inboundName) {
        playbooks.forEach(p -> byName.put(p.name(), p));
        for (var name : java.util.List.of(defaultName, inboundName)) {
            if (!byName.containsKey(name)) {
                throw new IllegalArgumentException("playbook '" + name + "' is not installed; known: " + byName.keySet());
            }
        }
        this.defaultName = defaultName;
        this.inboundName = inboundName;
    }

    /** The playbook of a conversation a contact starts: the one its first message names, else the inbound one. */
    public Optional<Playbook> forInbound(String named) {
        return Optional.ofNullable(byName.get(named == null ? inboundName : named));
    }

    public String inboundName() {
        return inboundName;
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
