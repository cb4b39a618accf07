package dev.parley.adapter.persistence;

import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.EngagementStatus;
import jakarta.persistence.*;
import java.time.Instant;
import java.time.LocalDate;

@Entity
@Table(name = "engagements")
class EngagementEntity {
    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) Long id;
    @Column(name = "conversation_id", nullable = false) long conversationId;
    @Column(name = "property_id", nullable = false) long propertyId;
    @Column(name = "listing_id") Long listingId;
    @Column(nullable = false, length = 30) String status;
    @Column(name = "source_channel", nullable = false, length = 10) String sourceChannel;
    @Column(name = "buyer_name", length = 200) String buyerName;
    @Column(name = "buyer_email") String buyerEmail;
    @Column(name = "hold_expires_at") Instant holdExpiresAt;
    @Column(name = "guarantee_signed_at") Instant guaranteeSignedAt;
    @Column(name = "signed_name", length = 200) String signedName;
    @Column(name = "tour_requested_text", length = 200) String tourRequestedText;
    @Column(name = "tour_at") Instant tourAt;
    @Column(name = "tour_confirmed_at") Instant tourConfirmedAt;
    @Column(name = "agreement_sent_at") Instant agreementSentAt;
    @Column(name = "lease_starts_on") LocalDate leaseStartsOn;
    @Column(name = "completed_at") Instant completedAt;
    @Column(name = "closed_reason", length = 500) String closedReason;
    @Column(name = "created_at", nullable = false) Instant createdAt;
    @Column(name = "updated_at", nullable = false) Instant updatedAt;

    void set(Engagement e) {
        conversationId = e.conversationId();
        propertyId = e.propertyId();
        listingId = e.listingId();
        status = e.status().name();
        sourceChannel = e.sourceChannel();
        buyerName = e.buyerName();
        buyerEmail = e.buyerEmail();
        holdExpiresAt = e.holdExpiresAt();
        guaranteeSignedAt = e.guaranteeSignedAt();
        signedName = e.signedName();
        tourRequestedText = e.tourRequestedText();
        tourAt = e.tourAt();
        tourConfirmedAt = e.tourConfirmedAt();
        agreementSentAt = e.agreementSentAt();
        leaseStartsOn = e.leaseStartsOn();
        completedAt = e.completedAt();
        closedReason = e.closedReason();
        createdAt = e.createdAt();
        updatedAt = e.updatedAt();
    }

    Engagement toDomain() {
        return new Engagement(id, conversationId, propertyId, listingId, EngagementStatus.valueOf(status),
                sourceChannel, buyerName, buyerEmail, holdExpiresAt, guaranteeSignedAt, signedName,
                tourRequestedText, tourAt, tourConfirmedAt, agreementSentAt, leaseStartsOn, completedAt, closedReason,
                createdAt, updatedAt);
    }
}
