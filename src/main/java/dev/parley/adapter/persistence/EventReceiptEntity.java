package dev.parley.adapter.persistence;

import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "event_receipts")
class EventReceiptEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "idempotency_key", nullable = false, length = 200) String idempotencyKey;
    @Column(name = "conversation_id", nullable = false) long conversationId;
    @Column(nullable = false, length = 64) String name;
    @Column(name = "state_after", length = 64) String stateAfter;
    @Column(name = "received_at", nullable = false) Instant receivedAt;
}
