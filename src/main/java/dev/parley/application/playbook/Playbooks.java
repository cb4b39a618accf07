package dev.parley.application.playbook;

import dev.parley.domain.message.InboundMessage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The playbooks Parley runs, by name, and which one new conversations get by default: operator-started ones,
 * contact-started ones, and group chats (Telegram chats, the generic webhook's {@code chat} groups).
 */
public final class Playbooks {
    private final Map<String, Playbook> byName = new LinkedHashMap<>();
    private final String defaultName;
    private final String inboundName;
    private final String chatName;

    public Playbooks(Iterable<Playbook> playbooks, String defaultName) {
        this(playbooks, defaultName, defaultName);
    }

    public Playbooks(Iterable<Playbook> playbooks, String defaultName, String inboundName) {
        this(playbooks, defaultName, inboundName, inboundName);
    }

    /**
     * @param defaultName playbook of conversations an operator starts without naming one
     * @param inboundName playbook of conversations a contact starts whose first message names none
     * @param chatName    playbook of chat conversations (group chats) whose first message names none
     */
    public Playbooks(Iterable<Playbook> playbooks, String defaultName, String inboundName, String chatName) {
        playbooks.forEach(p -> byName.put(p.name(), p));
        for (var name : java.util.List.of(defaultName, inboundName, chatName)) {
            if (!byName.containsKey(name)) {
                throw new IllegalArgumentException("playbook '" + name + "' is not installed; known: " + byName.keySet());
            }
        }
        this.defaultName = defaultName;
        this.inboundName = inboundName;
        this.chatName = chatName;
    }

    /** The playbook of a conversation a contact starts: the one its first message names, else the inbound one. */
    public Optional<Playbook> forInbound(String named) {
        return Optional.ofNullable(byName.get(named == null ? inboundName : named));
    }

    /**
     * The name of the playbook a conversation that {@code m} starts runs: the one it names, else the chat playbook
     * for a chat message, else the inbound one.
     */
    public String forNewConversation(InboundMessage m) {
        if (m.playbook() != null) return m.playbook();
        return m.chat() != null ? chatName : inboundName;
    }

    public String inboundName() {
        return inboundName;
    }

    public String chatName() {
        return chatName;
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
