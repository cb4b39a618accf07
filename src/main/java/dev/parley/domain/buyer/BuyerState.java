package dev.parley.domain.buyer;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A buyer conversation's state beside its phase (seed 003's {@code SMSConversationState}), one per conversation.
 *
 * @param presentedListingIds matches shown, in presentation order ({@code presented_match_ids})
 * @param focusedListingId the match in focus ({@code focused_match_id})
 * @param knownAnswers property id → field key → value ({@code known_answers})
 * @param pendingEscalations property id → open escalation id ({@code pending_escalations})
 * @param optInAsideSent the first message's "(Reply STOP anytime to opt out.)" went out
 * @param reOptInAsideDue an opted-out buyer texted again: the next answer carries "Reply STOP anytime" once
 * @param engagementId the open engagement (booking) of the conversation
 * @param guaranteeLinkToken the token of the guarantee link sent
 * @param phaseSince when the conversation entered its current phase (silence is counted from here or from the
 *                   buyer's last message, whichever is later)
 * @param stallNudgeCounts re-engagement nudges sent, per phase ({@code stall_nudge_counts})
 * @param reengagementCount nudges sent since the buyer's last message, across phases (3 → DORMANT)
 * @param firstMatchAt when matches were first presented (the dashboard's time to first match)
 */
public record BuyerState(long conversationId, int turn, Long focusedListingId, List<Long> presentedListingIds,
                         double criteriaReadiness, Criteria criteria, String renterFirstName, String renterLastName,
                         String nameStatus, String buyerEmail, Map<Long, Map<String, KnownAnswer>> knownAnswers,
                         List<AnsweredQuestion> answeredQuestions, Map<Long, Long> pendingEscalations,
                         List<Long> tourSuggestedFor, Instant lastBuyerMessageAt, Instant lastSystemMessageAt,
                         int reengagementCount, Instant nextReengagementAt, Map<String, Integer> stallNudgeCounts,
                         boolean optedOut, Instant optedOutAt, boolean optInAsideSent, boolean reOptInAsideDue,
                         Long engagementId, String guaranteeLinkToken, Instant guaranteeSignedAt, Instant phaseSince,
                         String needStatus, Instant firstMatchAt, Instant createdAt, Instant updatedAt) {
    /** {@code need_status}: no need yet, an active search, or expired when the conversation went DORMANT. */
    public static final String NEED_NONE = "none";
    public static final String NEED_ACTIVE = "active";
    public static final String NEED_EXPIRED = "expired";

    public BuyerState {
        presentedListingIds = List.copyOf(presentedListingIds);
        criteria = criteria == null ? Criteria.EMPTY : criteria;
        var answers = new HashMap<Long, Map<String, KnownAnswer>>();
        knownAnswers.forEach((k, v) -> answers.put(k, Map.copyOf(v)));
        knownAnswers = Map.copyOf(answers);
        answeredQuestions = List.copyOf(answeredQuestions);
        pendingEscalations = Map.copyOf(pendingEscalations);
        tourSuggestedFor = List.copyOf(tourSuggestedFor);
        stallNudgeCounts = Map.copyOf(stallNudgeCounts);
        needStatus = needStatus == null ? NEED_NONE : needStatus;
    }

    public static BuyerState fresh(long conversationId, Instant now) {
        return new BuyerState(conversationId, 0, null, List.of(), 0, Criteria.EMPTY, null, null, "unknown", null,
                Map.of(), List.of(), Map.of(), List.of(), null, null, 0, null, Map.of(), false, null, false, false,
                null, null, null, now, NEED_NONE, null, now, now);
    }

    /** A copy to change field by field. */
    public Builder edit() {
        return new Builder(this);
    }

    /** Mutable copy of a state, for the orchestrator to change within one message. */
    public static final class Builder {
        public long conversationId;
        public int turn;
        public Long focusedListingId;
        public List<Long> presentedListingIds;
        public double criteriaReadiness;
        public Criteria criteria;
        public String renterFirstName;
        public String renterLastName;
        public String nameStatus;
        public String buyerEmail;
        public Map<Long, Map<String, KnownAnswer>> knownAnswers;
        public List<AnsweredQuestion> answeredQuestions;
        public Map<Long, Long> pendingEscalations;
        public List<Long> tourSuggestedFor;
        public Instant lastBuyerMessageAt;
        public Instant lastSystemMessageAt;
        public int reengagementCount;
        public Instant nextReengagementAt;
        public Map<String, Integer> stallNudgeCounts;
        public boolean optedOut;
        public Instant optedOutAt;
        public boolean optInAsideSent;
        public boolean reOptInAsideDue;
        public Long engagementId;
        public String guaranteeLinkToken;
        public Instant guaranteeSignedAt;
        public Instant phaseSince;
        public String needStatus;
        public Instant firstMatchAt;
        public Instant createdAt;
        public Instant updatedAt;

        Builder(BuyerState s) {
            conversationId = s.conversationId;
            turn = s.turn;
            focusedListingId = s.focusedListingId;
            presentedListingIds = new java.util.ArrayList<>(s.presentedListingIds);
            criteriaReadiness = s.criteriaReadiness;
            criteria = s.criteria;
            renterFirstName = s.renterFirstName;
            renterLastName = s.renterLastName;
            nameStatus = s.nameStatus;
            buyerEmail = s.buyerEmail;
            knownAnswers = new HashMap<>();
            s.knownAnswers.forEach((k, v) -> knownAnswers.put(k, new HashMap<>(v)));
            answeredQuestions = new java.util.ArrayList<>(s.answeredQuestions);
            pendingEscalations = new HashMap<>(s.pendingEscalations);
            tourSuggestedFor = new java.util.ArrayList<>(s.tourSuggestedFor);
            lastBuyerMessageAt = s.lastBuyerMessageAt;
            lastSystemMessageAt = s.lastSystemMessageAt;
            reengagementCount = s.reengagementCount;
            nextReengagementAt = s.nextReengagementAt;
            stallNudgeCounts = new HashMap<>(s.stallNudgeCounts);
            optedOut = s.optedOut;
            optedOutAt = s.optedOutAt;
            optInAsideSent = s.optInAsideSent;
            reOptInAsideDue = s.reOptInAsideDue;
            engagementId = s.engagementId;
            guaranteeLinkToken = s.guaranteeLinkToken;
            guaranteeSignedAt = s.guaranteeSignedAt;
            phaseSince = s.phaseSince;
            needStatus = s.needStatus;
            firstMatchAt = s.firstMatchAt;
            createdAt = s.createdAt;
            updatedAt = s.updatedAt;
        }

        public BuyerState build() {
            return new BuyerState(conversationId, turn, focusedListingId, presentedListingIds, criteriaReadiness,
                    criteria, renterFirstName, renterLastName, nameStatus, buyerEmail, knownAnswers,
                    answeredQuestions, pendingEscalations, tourSuggestedFor, lastBuyerMessageAt, lastSystemMessageAt,
                    reengagementCount, nextReengagementAt, stallNudgeCounts, optedOut, optedOutAt, optInAsideSent,
                    reOptInAsideDue, engagementId, guaranteeLinkToken, guaranteeSignedAt, phaseSince, needStatus,
                    firstMatchAt, createdAt, updatedAt);
        }
    }
}
