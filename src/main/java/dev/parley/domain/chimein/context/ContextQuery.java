package dev.parley.domain.chimein.context;

import dev.parley.domain.chimein.BotIdentity;
import dev.parley.domain.chimein.ChatMessage;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a strategy may look at for one mention.
 *
 * @param trigger    the message that mentions the bot
 * @param recent     the messages before it, oldest first, at most the lookback limit (what "fetch the last N
 *                   messages" returns)
 * @param anchor     the message the trigger replies to, fetched by id however old (or the channel's snapshot of a
 *                   parent Parley never saw); empty when it replies to nothing
 * @param linked     further messages reachable by reply links outside {@code recent} (the anchor's ancestors),
 *                   fetched by id
 * @param bot        the bot of this chat
 * @param similarity closeness in meaning of two messages
 */
public record ContextQuery(ChatMessage trigger, List<ChatMessage> recent, Optional<ChatMessage> anchor,
                           List<ChatMessage> linked, BotIdentity bot, Similarity similarity) {

    public ContextQuery {
        Objects.requireNonNull(trigger, "trigger");
        recent = List.copyOf(recent);
        anchor = anchor == null ? Optional.empty() : anchor;
        linked = linked == null ? List.of() : List.copyOf(linked);
        similarity = similarity == null ? Similarity.none() : similarity;
    }

    /** Every message the query knows, by provider id (recent, linked, anchor). */
    public Map<String, ChatMessage> byProviderId() {
        var map = new HashMap<String, ChatMessage>();
        for (var m : linked) if (m.providerId() != null) map.put(m.providerId(), m);
        for (var m : recent) if (m.providerId() != null) map.put(m.providerId(), m);
        anchor.ifPresent(a -> {
            if (a.providerId() != null) map.putIfAbsent(a.providerId(), a);
        });
        return map;
    }
}
