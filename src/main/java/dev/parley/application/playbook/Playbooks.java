package dev.parley.application.playbook;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The playbooks Parley runs, by name, and which one new conversations get by default: group chats (Telegram chats,
 * the generic webhook's {@code chat} groups) get their own default.
 */
public final class Playbooks {
    private final Map<String, Playbook> byName = new LinkedHashMap<>();
    private final String defaultName;
    private final String chatDefaultName;

    public Playbooks(Iterable<Playbook> playbooks, String defaultName) {
        this(playbooks, defaultName, defaultName);
    }

    public Playbooks(Iterable<Playbook> playbooks, String defaultName, String chatDefaultName) {
        playbooks.forEach(p -> byName.put(p.name(), p));
        if (!byName.containsKey(defaultName)) {
            throw new IllegalArgumentException("default playbook '" + defaultName + "' is not installed; known: "
                    + byName.keySet());
        }
        if (!byName.containsKey(chatDefaultName)) {
            throw new IllegalArgumentException("chat playbook '" + chatDefaultName + "' is not installed; known: "
                    + byName.keySet());
        }
        this.defaultName = defaultName;
        this.chatDefaultName = chatDefaultName;
    }

    /** The playbook a new conversation starting with {@code m} runs: the one it names, else the default of its kind. */
    public String forNewConversation(dev.parley.domain.message.InboundMessage m) {
        if (m.playbook() != null) return m.playbook();
        return m.chat() != null ? chatDefaultName : defaultName;
    }

    public String chatDefaultName() {
        return chatDefaultName;
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
