package dev.parley.adapter.persistence;

import dev.parley.application.store.Embeddings;
import dev.parley.domain.embedding.Embedding;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateEmbeddings implements Embeddings {
    // Keeps each IN list well under what the databases accept.
    private static final int CHUNK = 500;
    private final Session session;

    HibernateEmbeddings(Session session) {
        this.session = session;
    }

    @Override
    public void put(long messageId, Embedding embedding) {
        var row = session.find(MessageEmbeddingEntity.class, messageId);
        if (row == null) {
            session.persist(MessageEmbeddingEntity.of(messageId, embedding));
        } else {
            row.set(embedding);
        }
    }

    @Override
    public void add(long messageId, Embedding embedding) {
        session.persist(MessageEmbeddingEntity.of(messageId, embedding));
    }

    @Override
    public Optional<Embedding> ofMessage(long messageId, String model) {
        return Optional.ofNullable(session.find(MessageEmbeddingEntity.class, messageId))
                .filter(row -> row.model.equals(model)).map(MessageEmbeddingEntity::toDomain);
    }

    @Override
    public Map<Long, Embedding> ofMessages(Collection<Long> messageIds, String model) {
        var result = new HashMap<Long, Embedding>();
        var ids = List.copyOf(messageIds);
        for (int from = 0; from < ids.size(); from += CHUNK) {
            var chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            session.createSelectionQuery("from MessageEmbeddingEntity where messageId in :ids and model = :model",
                            MessageEmbeddingEntity.class)
                    .setParameter("ids", chunk).setParameter("model", model).getResultList()
                    .forEach(row -> result.put(row.messageId, row.toDomain()));
        }
        return result;
    }
}
