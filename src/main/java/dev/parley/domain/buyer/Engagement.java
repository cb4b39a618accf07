package dev.parley.domain.buyer;

import java.time.Instant;
import java.time.LocalDate;

/**
 * A buyer's booking of one property, from "book it" to the signed deal (seed 003's Engagement, with
 * {@code source_channel}). The engagement bridge moves its status; the conversation's phase follows.
 *
 * @param holdExpiresAt the property is held for the buyer until then (the guarantee link expires with it)
 * @param tourRequestedText the buyer's own words for the tour time ("Thursday morning"), for the supplier
 * @param tourAt the confirmed tour time
 */
public record Engagement(long id, long conversationId, long propertyId, Long listingId, EngagementStatus status,
                         String sourceChannel, String buyerName, String buyerEmail, Instant holdExpiresAt,
                         Instant guaranteeSignedAt, String signedName, String tourRequestedText, Instant tourAt,
                         Instant tourConfirmedAt, Instant agreementSentAt, LocalDate leaseStartsOn,
                         Instant completedAt, String closedReason, Instant createdAt, Instant updatedAt) {

    public Builder edit() {
        return new Builder(this);
    }

    /** Mutable copy, changed field by field inside one transaction. */
    public static final class Builder {
        public long id;
        public long conversationId;
        public long propertyId;
        public Long listingId;
        public EngagementStatus status;
        public String sourceChannel = "sms";
        public String buyerName;
        public String buyerEmail;
        public Instant holdExpiresAt;
        public Instant guaranteeSignedAt;
        public String signedName;
        public String tourRequestedText;
        public Instant tourAt;
        public Instant tourConfirmedAt;
        public Instant agreementSentAt;
        public LocalDate leaseStartsOn;
        public Instant completedAt;
        public String closedReason;
        public Instant createdAt;
        public Instant updatedAt;

        public Builder() {
        }

        Builder(Engagement e) {
            id = e.id;
            conversationId = e.conversationId;
            propertyId = e.propertyId;
            listingId = e.listingId;
            status = e.status;
            sourceChannel = e.sourceChannel;
            buyerName = e.buyerName;
            buyerEmail = e.buyerEmail;
            holdExpiresAt = e.holdExpiresAt;
            guaranteeSignedAt = e.guaranteeSignedAt;
            signedName = e.signedName;
            tourRequestedText = e.tourRequestedText;
            tourAt = e.tourAt;
            tourConfirmedAt = e.tourConfirmedAt;
            agreementSentAt = e.agreementSentAt;
            leaseStartsOn = e.leaseStartsOn;
            completedAt = e.completedAt;
            closedReason = e.closedReason;
            createdAt = e.createdAt;
            updatedAt = e.updatedAt;
        }

        public Engagement build() {
            return new Engagement(id, conversationId, propertyId, listingId, status, sourceChannel, buyerName,
                    buyerEmail, holdExpiresAt, guaranteeSignedAt, signedName, tourRequestedText, tourAt,
                    tourConfirmedAt, agreementSentAt, leaseStartsOn, completedAt, closedReason, createdAt, updatedAt);
        }
    }
}
