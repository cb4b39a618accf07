package dev.parley.application.playbook.buyer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.operator.ConflictException;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Engagement;
import dev.parley.domain.buyer.EngagementStatus;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.SignupToken;
import dev.parley.domain.message.OutboxStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 003's Sprint 4–5 journey on a real Parley (H2 file store, virtual clock): "book it" → name and e-mail → the
 * guarantee link → signature → address → tour request → tour confirmed → reminder → agreement → deal; STOP from
 * TOUR_SCHEDULING; a reschedule; a facility question that leaves the phase alone.
 */
class BuyerJourneyTest {
    static final String BUYER = "+13135550301";
    @TempDir Path home;
    private BuyerScenario s;

    @BeforeEach
    void open() {
        s = new BuyerScenario(home);
    }

    @AfterEach
    void close() {
        s.close();
    }

    /** Search, focus on Commerce Twp, "yeah let's do it", name, e-mail: the guarantee link goes out. */
    static void toGuaranteeLink(BuyerScenario s, String phone) {
        s.inbound(phone, "Hey I need about 15k sqft of warehouse space near Detroit for storing auto parts. "
                + "Need it by April.");
        s.inbound(phone, "Tell me more about the Commerce one");
        s.inbound(phone, "Yeah let's do it");
        assertThat(s.phase(phone)).isEqualTo(Phase.COLLECTING_INFO.stateName());
        assertThat(s.last(phone)).isEqualTo("Happy to set that up for Commerce Twp. What's your name?");
        s.inbound(phone, "Sarah Chen");
        assertThat(s.last(phone)).isEqualTo("Thanks, Sarah! What's the best e-mail for the paperwork?");
        s.inbound(phone, "sarah@acmecorp.com");
        assertThat(s.phase(phone)).isEqualTo(Phase.GUARANTEE_PENDING.stateName());
    }

    static SignupToken token(BuyerScenario s, String phone) {
        long id = s.conversation(phone);
        return s.parley.app.transactions.inTransaction(st -> st.signupTokens().ofConversation(id)).getLast();
    }

    static Engagement engagement(BuyerScenario s, String phone) {
        long id = s.conversation(phone);
        return s.parley.app.transactions.inTransaction(st -> st.engagements().ofConversation(id)).getLast();
    }

    private List<dev.parley.domain.conversation.ScheduledJob> jobs(long conversation) {
        return s.parley.app.transactions.inTransaction(st -> st.jobs().pendingOf(conversation));
    }

    static BuyerState state(BuyerScenario s, String phone) {
        long id = s.conversation(phone);
        return s.parley.app.transactions.inTransaction(st -> st.buyerStates().find(id)).orElseThrow();
    }

    private String base() {
        return dev.parley.bootstrap.ReplyToolAddress.baseUrl(s.parley.app.config, s.parley.app.port());
    }

    void event(String name, Map<String, Object> data) {
        s.clock.advance(Duration.ofMinutes(1));
        s.parley.app.externalEvent.deliver(s.conversation(BUYER), name, data, null);
        s.settle();
    }

    private void signed() {
        event("guarantee_signed", Map.of("token", token(s, BUYER).token(), "name", "Sarah Chen", "consent", true));
    }

    @Test
    void theWholeJourneyFromFirstTextToCompletedDeal() {
        toGuaranteeLink(s, BUYER);
        var link = s.last(BUYER);
        var token = token(s, BUYER);
        assertThat(link).isEqualTo("Before I share the address, I need a quick signature on our occupancy guarantee "
                + "— takes 30 seconds:\n→ " + base() + "/g/" + token.token());
        assertThat(link).doesNotContain("4200 Katy");
        assertThat(token.buyerName()).isEqualTo("Sarah Chen");
        assertThat(token.buyerEmail()).isEqualTo("sarah@acmecorp.com");
        var booked = engagement(s, BUYER);
        assertThat(booked.status()).isEqualTo(EngagementStatus.BOOKING_INITIATED);
        assertThat(booked.sourceChannel()).isEqualTo("sms");
        assertThat(booked.holdExpiresAt()).isEqualTo(token.expiresAt());

        signed();
        assertThat(s.phase(BUYER)).isEqualTo(Phase.TOUR_SCHEDULING.stateName());
        assertThat(s.last(BUYER)).isEqualTo("Done! The property is at 4200 Katy Freeway, Commerce Twp, MI 48390. "
                + "When works for a tour? I can check the owner's availability.");
        assertThat(engagement(s, BUYER).status()).isEqualTo(EngagementStatus.GUARANTEE_SIGNED);
        assertThat(token(s, BUYER).used()).isTrue();
        // a second delivery of the same signature changes nothing
        signed();
        assertThat(s.sent(BUYER)).filteredOn(t -> t.startsWith("Done!")).hasSize(1);

        s.inbound(BUYER, "Thursday morning");
        assertThat(s.last(BUYER)).isEqualTo("Checking Thursday morning. I'll confirm shortly.");
        assertThat(engagement(s, BUYER).status()).isEqualTo(EngagementStatus.TOUR_REQUESTED);
        assertThat(engagement(s, BUYER).tourRequestedText()).isEqualTo("Thursday morning");
        long conversation = s.conversation(BUYER);
        var tasks = s.parley.app.transactions.inTransaction(st -> st.tasks().ofConversation(conversation));
        assertThat(tasks).anyMatch(t -> t.kind().equals("tour_request") && t.text().contains("Thursday morning"));

        event("tour_confirmed", Map.of("at", "2025-02-27T10:00:00-05:00"));
        assertThat(s.phase(BUYER)).isEqualTo(Phase.ACTIVE.stateName());
        assertThat(s.last(BUYER)).isEqualTo("Tour confirmed — Thursday February 27 at 10:00 AM at 4200 Katy Freeway, "
                + "Commerce Twp, MI 48390. See you there. Text me after and let me know how it went.");

        // the reminder 2 hours before (8am Eastern) falls in quiet hours: it waits until 9am
        s.advance(Duration.between(s.clock.instant(), Instant.parse("2025-02-27T13:30:00Z")));
        assertThat(s.sent(BUYER)).noneMatch(t -> t.startsWith("Just a reminder"));
        var held = s.outbox(BUYER).getLast();
        assertThat(held.status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(held.reason()).contains("quiet hours: waiting until 2025-02-27 09:00");
        s.advance(Duration.ofMinutes(31));
        assertThat(s.last(BUYER)).isEqualTo("Just a reminder — tour today at 10:00 AM at 4200 Katy Freeway, "
                + "Commerce Twp, MI 48390.");

        event("agreement_ready", Map.of());
        var agreement = token(s, BUYER);
        assertThat(s.last(BUYER)).isEqualTo("Your agreement is ready to sign: " + base() + "/g/" + agreement.token());
        event("agreement_signed", Map.of("token", agreement.token(), "consent", true));
        assertThat(s.last(BUYER)).startsWith("Last step — your onboarding details: ");
        event("deal_completed", Map.of("lease_starts", "2025-04-01"));
        assertThat(s.phase(BUYER)).isEqualTo(Phase.COMPLETED.stateName());
        assertThat(s.last(BUYER)).isEqualTo("You're all set — lease at 4200 Katy Freeway, Commerce Twp, MI 48390 "
                + "starts April 1. Text me anytime.");
        assertThat(engagement(s, BUYER).status()).isEqualTo(EngagementStatus.COMPLETED);
    }

    @Test
    void stopDuringTourSchedulingAbandonsAndCancelsEverythingQueued() {
        toGuaranteeLink(s, BUYER);
        signed();
        s.inbound(BUYER, "Thursday morning");
        event("tour_confirmed", Map.of("at", "2025-02-27T10:00:00-05:00"));
        long conversation = s.conversation(BUYER);
        assertThat(jobs(conversation))
                .anyMatch(j -> j.trigger().startsWith("tour_reminder:"));
        s.inbound(BUYER, "STOP");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.ABANDONED.stateName());
        assertThat(engagement(s, BUYER).status()).isEqualTo(EngagementStatus.CANCELLED);
        assertThat(jobs(conversation))
                .noneMatch(j -> j.kind().startsWith("buyer_"));
        int sent = s.sent(BUYER).size();
        s.advance(Duration.ofDays(10));
        assertThat(s.sent(BUYER)).hasSize(sent);
        assertThat(s.outbox(BUYER)).noneMatch(o -> o.status() == OutboxStatus.PENDING);
    }

    @Test
    void aRescheduleMovesTheTourAndItsReminder() {
        toGuaranteeLink(s, BUYER);
        signed();
        s.inbound(BUYER, "Thursday morning");
        event("tour_confirmed", Map.of("at", "2025-02-27T10:00:00-05:00"));
        event("tour_rescheduled", Map.of("at", "2025-02-28T14:00:00-05:00"));
        assertThat(s.last(BUYER)).isEqualTo("Heads up — your tour got moved to Friday February 28 at 2:00 PM. "
                + "Does that still work?");
        assertThat(engagement(s, BUYER).tourAt()).isEqualTo(Instant.parse("2025-02-28T19:00:00Z"));
        s.advance(Duration.between(s.clock.instant(), Instant.parse("2025-02-28T18:00:00Z")));
        assertThat(s.sent(BUYER)).filteredOn(t -> t.startsWith("Just a reminder")).singleElement()
                .isEqualTo("Just a reminder — tour today at 2:00 PM at 4200 Katy Freeway, Commerce Twp, MI 48390.");
    }

    @Test
    void theOwnerDeclinesTheAskedTimeAndTheBuyerNamesAnother() {
        toGuaranteeLink(s, BUYER);
        signed();
        assertThatThrownBy(() -> event("tour_declined", Map.of())).isInstanceOf(ConflictException.class);
        s.inbound(BUYER, "Thursday morning");
        event("tour_declined", Map.of());
        assertThat(s.last(BUYER)).isEqualTo("The owner can't do Thursday morning. What other time works for a tour?");
        assertThat(engagement(s, BUYER).status()).isEqualTo(EngagementStatus.GUARANTEE_SIGNED);
        s.inbound(BUYER, "Friday at 2pm");
        assertThat(s.last(BUYER)).startsWith("Checking Friday");
        assertThat(engagement(s, BUYER).status()).isEqualTo(EngagementStatus.TOUR_REQUESTED);
        // a confirmation before a signature, or a reschedule of a tour never confirmed, changes nothing
        assertThatThrownBy(() -> event("tour_rescheduled", Map.of("at", "2025-02-28T14:00:00-05:00")))
                .isInstanceOf(ConflictException.class);
    }

    @Test
    void aNewMatchIsAProactiveMessageHeldByQuietHours() {
        s.inbound(BUYER, "Need 15,000 sqft near Detroit for auto parts storage");
        long listing = s.parley.app.transactions.inTransaction(st -> st.catalog().activeEntries().stream()
                .filter(e -> e.property().city().equals("Pontiac")).findFirst().orElseThrow().listing().id());
        // 10pm in Detroit: the message waits for 9am
        s.advance(Duration.between(s.clock.instant(), Instant.parse("2025-02-25T03:00:00Z")));
        event("new_match", Map.of("listing", listing));
        assertThat(s.outbox(BUYER).getLast().status()).isEqualTo(OutboxStatus.PENDING);
        s.advance(Duration.between(s.clock.instant(), Instant.parse("2025-02-25T14:01:00Z")));
        assertThat(s.sent(BUYER)).contains("Another space just opened up in Pontiac that fits what you're looking for.");
    }

    @Test
    void aFacilityQuestionDuringTourSchedulingLeavesThePhase() {
        toGuaranteeLink(s, BUYER);
        signed();
        s.inbound(BUYER, "How many dock doors does it have?");
        assertThat(s.last(BUYER)).contains("4 dock doors");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.TOUR_SCHEDULING.stateName());
    }

    @Test
    void collectingInfoIsInterruptibleAndTheGuaranteeLinkIsSingleUseAndExpires() {
        s.inbound(BUYER, "Need 15,000 sqft near Detroit for auto parts storage");
        s.inbound(BUYER, "Tell me more about the Commerce one");
        s.inbound(BUYER, "Let's book a tour");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.COLLECTING_INFO.stateName());
        s.inbound(BUYER, "Wait, what's the ceiling height?");
        var sent = s.sent(BUYER);
        assertThat(sent.get(sent.size() - 2)).contains("24 ft");
        assertThat(sent.getLast()).isEqualTo("Before I can hold Commerce Twp for you — what's your name?");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.COLLECTING_INFO.stateName());
        s.inbound(BUYER, "It's Dana, dana@example.com");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.GUARANTEE_PENDING.stateName());
        assertThat(state(s, BUYER).renterFirstName()).isEqualTo("Dana");
        // the hold (48 hours): warnings at 24 h and 4 h before, then the link is dead
        s.advance(Duration.ofHours(25));
        assertThat(s.sent(BUYER)).contains("Your hold on Commerce Twp expires tomorrow. Let me know if you need more "
                + "time.");
        // the 4-hour warning falls at 5am Eastern: held by quiet hours until 9am, still before the hold ends
        s.advance(Duration.ofHours(24));
        assertThat(s.sent(BUYER)).anyMatch(t -> t.startsWith("Hold expires in a few hours: http://"));
        assertThat(engagement(s, BUYER).status()).isEqualTo(EngagementStatus.EXPIRED);
        assertThatThrownBy(() -> event("guarantee_signed", Map.of("token", token(s, BUYER).token())))
                .isInstanceOf(ConflictException.class);
    }

    @Test
    void nudgesFollowTheSeedsTableAndThreeUnansweredMakeTheConversationDormant() {
        s.inbound(BUYER, "Need 15,000 sqft near Detroit for auto parts storage");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.PRESENTING.stateName());
        var nudge = "Still thinking about those spaces? Happy to answer questions or run a different search.";
        s.advance(Duration.ofHours(4).plusMinutes(1));
        assertThat(s.sent(BUYER)).filteredOn(nudge::equals).hasSize(1);
        s.advance(Duration.ofHours(20));
        assertThat(s.sent(BUYER)).filteredOn(nudge::equals).hasSize(2);
        assertThat(state(s, BUYER).stallNudgeCounts()).containsEntry("PRESENTING", 2);
        // no third nudge for PRESENTING; the buyer answers, goes on to the guarantee: a fresh budget there
        s.advance(Duration.ofHours(30));
        assertThat(s.sent(BUYER)).filteredOn(nudge::equals).hasSize(2);
        s.inbound(BUYER, "Tell me more about the Commerce one");
        s.inbound(BUYER, "Yeah let's do it");
        s.inbound(BUYER, "Sarah Chen");
        s.inbound(BUYER, "sarah@acmecorp.com");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.GUARANTEE_PENDING.stateName());
        s.advance(Duration.ofMinutes(31));
        assertThat(s.last(BUYER)).isEqualTo("Just sent the guarantee link — takes 30 seconds. Let me know if you have "
                + "questions.");
        s.advance(Duration.ofHours(4));
        assertThat(s.last(BUYER)).startsWith("Still holding Commerce Twp for you. Sign here when ready: http://");
        assertThat(state(s, BUYER).stallNudgeCounts()).containsEntry("GUARANTEE_PENDING", 2)
                .containsEntry("PRESENTING", 2);
        // the third unanswered re-engagement (the long dormancy one, 7 days) → DORMANT a day later, need expired
        s.advance(Duration.ofDays(7));
        assertThat(s.last(BUYER)).isEqualTo("Hey — warehouse space in Detroit is moving fast. Want me to refresh your "
                + "search?");
        s.advance(Duration.ofDays(2));
        assertThat(s.phase(BUYER)).isEqualTo(Phase.DORMANT.stateName());
        assertThat(state(s, BUYER).needStatus()).isEqualTo(BuyerState.NEED_EXPIRED);
        int sent = s.sent(BUYER).size();
        s.advance(Duration.ofDays(30));
        assertThat(s.sent(BUYER)).hasSize(sent);
        // the buyer comes back: out of DORMANT
        s.inbound(BUYER, "Hi, still looking");
        assertThat(s.phase(BUYER)).isNotEqualTo(Phase.DORMANT.stateName());
        assertThat(List.of(Phase.QUALIFYING.stateName(), Phase.PRESENTING.stateName())).contains(s.phase(BUYER));
    }
}
