package dev.parley.adapter.persistence;

import dev.parley.domain.message.ChatRow;
import dev.parley.domain.message.ChatMeta;
import dev.parley.application.store.ChatMessages;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.hibernate.Session;

/** Messages left-joined with their group details: Parley's own replies have none and come back with null meta. */
final class HibernateChatMessages implements ChatMessages {
    private static final String SELECT = "select m, c from MessageEntity m "
            + "left join ChatMessageEntity c on c.messageId = m.id ";
    private final Session session;

    HibernateChatMessages(Session session) {
        this.session = session;
    }

    @Override
    public void put(long messageId, ChatMeta meta) {
        var row = session.find(ChatMessageEntity.class, messageId);
        if (row == null) {
            if (session.find(MessageEntity.class, messageId) == null) {
                throw new IllegalArgumentException("no message " + messageId);
            }
            row = new ChatMessageEntity();
            row.messageId = messageId;
            row.set(meta);
            session.persist(row);
        } else {
            row.set(meta);
        }
    }

    @Override
    public Optional<ChatRow> find(long messageId) {
        return rows(session.createSelectionQuery(SELECT + "where m.id = :id", Object[].class)
                .setParameter("id", messageId).getResultList()).stream().findFirst();
    }

    @Override
    public List<ChatRow> before(long conversationId, long messageId, int limit) {
        var rows = rows(session.createSelectionQuery(
                        SELECT + "where m.conversationId = :conversation and m.id < :id "
                                + "and m.status not in ('SILENCED', 'DELAYED') order by m.id desc",
                        Object[].class)
                .setParameter("conversation", conversationId).setParameter("id", messageId)
                .setMaxResults(limit).getResultList());
        Collections.reverse(rows);
        return rows;
    }

    @Override
    public Optional<ChatRow> byProviderId(long conversationId, String providerId) {
        return rows(session.createSelectionQuery(
                        SELECT + "where m.conversationId = :conversation and m.providerId = :provider order by m.id desc",
                        Object[].class)
                .setParameter("conversation", conversationId).setParameter("provider", providerId)
                .setMaxResults(1).getResultList()).stream().findFirst();
    }

    @Override
    public List<ChatRow> sentBetween(long conversationId, Instant from, Instant to, int limit) {
        return rows(session.createSelectionQuery(SELECT + "where m.conversationId = :conversation "
                                + "and m.sentAt >= :from and m.sentAt < :to order by m.sentAt, m.id", Object[].class)
                .setParameter("conversation", conversationId).setParameter("from", from).setParameter("to", to)
                .setMaxResults(limit).getResultList());
    }

    private static List<ChatRow> rows(List<Object[]> result) {
        var rows = new ArrayList<ChatRow>(result.size());
        for (var r : result) {
            var message = ((MessageEntity) r[0]).toDomain();
            var chat = (ChatMessageEntity) r[1];
            rows.add(new ChatRow(message, chat == null ? null : chat.toDomain()));
        }
        return rows;
    }
}
