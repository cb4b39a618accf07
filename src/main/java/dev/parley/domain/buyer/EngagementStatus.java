package dev.parley.domain.buyer;

import java.util.Locale;

/**
 * Where a booking stands (seed 003's engagement statuses): started by "book it", the guarantee signed, a tour
 * requested and confirmed, the agreement out, the deal done; or declined, cancelled (the buyer opted out) or expired
 * (the hold ran out before the guarantee was signed).
 */
public enum EngagementStatus {
    BOOKING_INITIATED, GUARANTEE_SIGNED, TOUR_REQUESTED, TOUR_CONFIRMED, AGREEMENT_SENT, AGREEMENT_SIGNED, COMPLETED,
    DECLINED, CANCELLED, EXPIRED;

    public boolean open() {
        return this != COMPLETED && this != DECLINED && this != CANCELLED && this != EXPIRED;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
