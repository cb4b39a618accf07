package dev.parley.application.pipeline;

import dev.parley.application.JsonDocuments;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.store.Store;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.conversation.Conversation;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one way a conversation is opened, whoever opens it (a contact's first message, an operator, a web opt-in): its
 * contact found or created by address, the conversation created in the playbook's initial state.
 */
public final class OpenConversation {
    /** The timeline event of a conversation an operator or the web opened. */
    public static final String STARTED = "conversation_started";

    private OpenConversation() {
    }

    /** A conversation opened, and its contact. */
    public record Opened(Contact contact, Conversation conversation) {
    }

    /** Opens conversation {@code key} on {@code channel} with {@code address}'s contact (created if new). */
    public static Opened open(Store store, String channel, String key, String address, String displayName,
                              Playbook playbook, Instant now) {
        var contact = store.contacts().findOrCreate(channel, address, displayName, now);
        return new Opened(contact, open(store, channel, key, contact, playbook, now));
    }

    /** Opens conversation {@code key} on {@code channel} with {@code contact}. */
    public static Conversation open(Store store, String channel, String key, Contact contact, Playbook playbook,
                                    Instant now) {
        return store.conversations().create(channel, key, playbook.name(), playbook.initialState(), contact.id(), now);
    }

    /** Records who opened {@code conversation} with which playbook ({@code extra}: more to say, e.g. the source). */
    public static void recordStart(Store store, Conversation conversation, Map<String, ?> extra, String actor,
                                   Instant now) {
        var detail = new LinkedHashMap<String, Object>();
        detail.put("playbook", conversation.playbook());
        detail.putAll(extra);
        store.timeline().append(conversation.id(), STARTED, null, conversation.state(), null,
                JsonDocuments.write(detail), actor, now);
    }
}
