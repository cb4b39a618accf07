package dev.parley.application.chimein;

import dev.parley.application.playbook.MessageEmbeddings;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.chimein.BotIdentity;
import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.chimein.context.ContextQuery;
import dev.parley.domain.chimein.context.ContextSelection;
import dev.parley.domain.chimein.context.ContextStrategy;
import dev.parley.domain.chimein.context.DefaultContextStrategy;
import dev.parley.domain.chimein.context.Similarity;
import dev.parley.domain.embedding.Embedding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

/**
 * One selection as the pipeline makes it, in the caller's session: the lookback read from the store, the
 * anchor (stored or from its snapshot) and its ancestors, the stored sentence vectors (each message embedded once,
 * the missing ones computed and stored now), then the strategy.
 */
public final class ContextSelector {
    private final ContextStrategy strategy;
    private final MessageEmbeddings embeddings;

    public ContextSelector(ContextStrategy strategy, MessageEmbeddings embeddings) {
        this.strategy = strategy;
        this.embeddings = embeddings;
    }

    public ContextStrategy strategy() {
        return strategy;
    }

    /** Selects the context of {@code trigger} (already stored) given its resolved {@code anchor}. */
    public ContextSelection select(ConversationSession session, ChatHistory history, BotIdentity bot, ChatMessage trigger,
                                   Optional<ChatMessage> anchor) {
        var linked = anchor.map(history::ancestors).orElse(List.of());
        var recent = history.before(trigger.id(), strategy.lookback());
        var similarity = similarity(session, trigger, recent, anchor.stream().toList(), linked);
        return strategy.select(new ContextQuery(trigger, recent, anchor, linked, bot, similarity));
    }

    /** Stored vectors (computed once per message) when the strategy uses meaning; none otherwise. */
    private Similarity similarity(ConversationSession session, ChatMessage trigger, List<ChatMessage> recent, List<ChatMessage> anchor,
                                  List<ChatMessage> linked) {
        if (!strategy.name().equals(DefaultContextStrategy.NAME)) return Similarity.none();
        var texts = new LinkedHashMap<Long, String>();
        var snapshots = new ArrayList<ChatMessage>();
        for (var list : List.of(List.of(trigger), recent, anchor, linked)) {
            for (var m : list) {
                if (m.id() == ChatHistory.SNAPSHOT_ID) snapshots.add(m);
                else texts.put(m.id(), m.text());
            }
        }
        var vectors = new HashMap<Long, Embedding>(embeddings.of(session, texts));
        for (var s : snapshots) vectors.put(s.id(), embeddings.embed(session, s.text()));
        return Similarity.of(vectors);
    }
}
