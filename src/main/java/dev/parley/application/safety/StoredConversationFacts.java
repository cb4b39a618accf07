package dev.parley.application.safety;

import dev.parley.application.store.Transactions;
import dev.parley.domain.message.Message;
import dev.parley.domain.safety.BehaviourFacts;
import dev.parley.domain.safety.ContactHistory;
import dev.parley.domain.safety.Direction;
import dev.parley.domain.safety.RiskLevel;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.ZoneLookup;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * Behavioural facts for a message that is only being asked about ({@code POST /api/validate}), read from the
 * store's conversation with the other party ({@code channel} + the sender of an inbound, the recipient of an
 * outbound message): its messages in the same direction over the last hour and day, whether it has any message
 * (known contact), and the recipient's zones from the phone number. Recent risk levels come from the decision
 * records the pipeline keeps; where there are none the list is empty. Read in one transaction, at construction.
 */
public final class StoredConversationFacts implements BehaviourFacts {
    private final List<Instant> sameDirection;
    private final boolean known;
    private final ZoneLookup zones;

    private StoredConversationFacts(List<Instant> sameDirection, boolean known, ZoneLookup zones) {
        this.sameDirection = sameDirection;
        this.known = known;
        this.zones = zones;
    }

    /** Facts for {@code request}, read now. */
    public static StoredConversationFacts read(Transactions tx, ZoneLookup zones, SafetyRequest request) {
        var wanted = request.direction() == Direction.INBOUND
                ? dev.parley.domain.message.Direction.IN : dev.parley.domain.message.Direction.OUT;
        return tx.inTransaction(store -> {
            Optional<dev.parley.domain.conversation.Conversation> conversation =
                    store.conversations().findByKey(request.channel(), request.counterpart());
            if (conversation.isEmpty()) return new StoredConversationFacts(List.of(), false, zones);
            List<Message> messages = store.messages().ofConversation(conversation.get().id());
            List<Instant> times = messages.stream().filter(m -> m.direction() == wanted)
                    .map(m -> m.receivedAt() != null ? m.receivedAt() : m.sentAt())
                    .filter(t -> t != null).toList();
            return new StoredConversationFacts(times, !messages.isEmpty(), zones);
        });
    }

    @Override
    public int messagesLastHour(String source, String recipient, Instant at) {
        return count(at, Duration.ofHours(1));
    }

    @Override
    public int notificationsLastDay(String recipient, Instant at) {
        return count(at, Duration.ofDays(1));
    }

    @Override
    public ContactHistory contactHistory(String source, String recipient) {
        return known ? ContactHistory.KNOWN : ContactHistory.FIRST_CONTACT;
    }

    @Override
    public List<ZoneId> recipientZones(String recipient, String channel) {
        return zones.zonesOf(recipient, channel);
    }

    @Override
    public List<RiskLevel> recentRiskLevels(String conversation, int limit) {
        return List.of();
    }

    private int count(Instant at, Duration window) {
        Instant from = at.minus(window);
        int n = 0;
        for (Instant t : sameDirection) {
            if (!t.isBefore(from) && t.isBefore(at)) n++;
        }
        return n;
    }
}
