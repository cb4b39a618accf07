package dev.parley.adapter.persistence;

import dev.parley.domain.buyer.BuyerState;
import jakarta.persistence.*;
import java.time.Instant;

@Entity
@Table(name = "buyer_states")
class BuyerStateEntity {
    @Id @Column(name = "conversation_id") Long conversationId;
    @Column(nullable = false) int turn;
    @Column(name = "focused_listing_id") Long focusedListingId;
    @Column(name = "presented_listing_ids", nullable = false, length = 1000) String presentedListingIds;
    @Column(name = "criteria_readiness", nullable = false) double criteriaReadiness;
    @Column(name = "criteria_snapshot", nullable = false, length = 8000) String criteriaSnapshot;
    @Column(name = "renter_first_name", length = 100) String renterFirstName;
    @Column(name = "renter_last_name", length = 100) String renterLastName;
    @Column(name = "name_status", nullable = false, length = 20) String nameStatus;
    @Column(name = "buyer_email") String buyerEmail;
    @Column(name = "known_answers", nullable = false, length = 16000) String knownAnswers;
    @Column(name = "answered_questions", nullable = false, length = 32000) String answeredQuestions;
    @Column(name = "pending_escalations", nullable = false, length = 2000) String pendingEscalations;
    @Column(name = "tour_suggested_for", nullable = false, length = 1000) String tourSuggestedFor;
    @Column(name = "last_buyer_message_at") Instant lastBuyerMessageAt;
    @Column(name = "last_system_message_at") Instant lastSystemMessageAt;
    @Column(name = "reengagement_count", nullable = false) int reengagementCount;
    @Column(name = "next_reengagement_at") Instant nextReengagementAt;
    @Column(name = "stall_nudge_counts", nullable = false, length = 1000) String stallNudgeCounts;
    @Column(name = "opted_out", nullable = false) boolean optedOut;
    @Column(name = "opted_out_at") Instant optedOutAt;
    @Column(name = "opt_in_aside_sent", nullable = false) boolean optInAsideSent;
    @Column(name = "re_opt_in_aside_due", nullable = false) boolean reOptInAsideDue;
    @Column(name = "engagement_id") Long engagementId;
    @Column(name = "guarantee_link_token", length = 64) String guaranteeLinkToken;
    @Column(name = "guarantee_signed_at") Instant guaranteeSignedAt;
    @Column(name = "phase_since") Instant phaseSince;
    @Column(name = "need_status", nullable = false, length = 20) String needStatus;
    @Column(name = "first_match_at") Instant firstMatchAt;
    @Column(name = "created_at", nullable = false) Instant createdAt;
    @Column(name = "updated_at", nullable = false) Instant updatedAt;
    @Version long version;

    void set(BuyerState s) {
        conversationId = s.conversationId();
        turn = s.turn();
        focusedListingId = s.focusedListingId();
        presentedListingIds = BuyerStateJson.ids(s.presentedListingIds());
        criteriaReadiness = s.criteriaReadiness();
        criteriaSnapshot = BuyerStateJson.criteria(s.criteria());
        renterFirstName = s.renterFirstName();
        renterLastName = s.renterLastName();
        nameStatus = s.nameStatus();
        buyerEmail = s.buyerEmail();
        knownAnswers = BuyerStateJson.knownAnswers(s.knownAnswers());
        answeredQuestions = BuyerStateJson.answeredQuestions(s.answeredQuestions());
        pendingEscalations = BuyerStateJson.longMap(s.pendingEscalations());
        tourSuggestedFor = BuyerStateJson.ids(s.tourSuggestedFor());
        lastBuyerMessageAt = s.lastBuyerMessageAt();
        lastSystemMessageAt = s.lastSystemMessageAt();
        reengagementCount = s.reengagementCount();
        nextReengagementAt = s.nextReengagementAt();
        stallNudgeCounts = BuyerStateJson.counts(s.stallNudgeCounts());
        optedOut = s.optedOut();
        optedOutAt = s.optedOutAt();
        optInAsideSent = s.optInAsideSent();
        reOptInAsideDue = s.reOptInAsideDue();
        engagementId = s.engagementId();
        guaranteeLinkToken = s.guaranteeLinkToken();
        guaranteeSignedAt = s.guaranteeSignedAt();
        phaseSince = s.phaseSince();
        needStatus = s.needStatus();
        firstMatchAt = s.firstMatchAt();
        createdAt = s.createdAt();
        updatedAt = s.updatedAt();
    }

    BuyerState toDomain() {
        return new BuyerState(conversationId, turn, focusedListingId, BuyerStateJson.ids(presentedListingIds),
                criteriaReadiness, BuyerStateJson.criteria(criteriaSnapshot), renterFirstName, renterLastName,
                nameStatus, buyerEmail, BuyerStateJson.knownAnswers(knownAnswers),
                BuyerStateJson.answeredQuestions(answeredQuestions), BuyerStateJson.longMap(pendingEscalations),
                BuyerStateJson.ids(tourSuggestedFor), lastBuyerMessageAt, lastSystemMessageAt, reengagementCount,
                nextReengagementAt, BuyerStateJson.counts(stallNudgeCounts), optedOut, optedOutAt, optInAsideSent,
                reOptInAsideDue, engagementId, guaranteeLinkToken, guaranteeSignedAt, phaseSince, needStatus,
                firstMatchAt, createdAt, updatedAt);
    }
}
