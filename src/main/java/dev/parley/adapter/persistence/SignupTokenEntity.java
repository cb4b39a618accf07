package dev.parley.adapter.persistence;

import dev.parley.domain.buyer.SignupToken;
import dev.parley.domain.buyer.TokenAction;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "sms_signup_tokens")
class SignupTokenEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(nullable = false, length = 64) String token;
    @Column(name = "conversation_id", nullable = false) long conversationId;
    @Column(name = "contact_id", nullable = false) long contactId;
    @Column(name = "engagement_id") Long engagementId;
    @Column(name = "property_id") Long propertyId;
    @Column(nullable = false, length = 20) String action;
    @Column(name = "buyer_name", length = 100) String buyerName;
    @Column(name = "buyer_email") String buyerEmail;
    @Column(nullable = false) boolean used;
    @Column(name = "used_at") Instant usedAt;
    @Column(name = "signed_name", length = 200) String signedName;
    @Column(name = "expires_at", nullable = false) Instant expiresAt;
    @Column(name = "created_at", nullable = false) Instant createdAt;

    void set(SignupToken t) {
        token = t.token();
        conversationId = t.conversationId();
        contactId = t.contactId();
        engagementId = t.engagementId();
        propertyId = t.propertyId();
        action = t.action().wire();
        buyerName = t.buyerName();
        buyerEmail = t.buyerEmail();
        used = t.used();
        usedAt = t.usedAt();
        signedName = t.signedName();
        expiresAt = t.expiresAt();
        createdAt = t.createdAt();
    }

    SignupToken toDomain() {
        return new SignupToken(id, token, conversationId, contactId, engagementId, propertyId,
                TokenAction.fromWire(action), buyerName, buyerEmail, used, usedAt, signedName, expiresAt, createdAt);
    }
}
