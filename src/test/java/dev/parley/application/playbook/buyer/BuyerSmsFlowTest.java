package dev.parley.application.playbook.buyer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.operator.ConflictException;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.escalation.EscalationStatus;
import dev.parley.domain.message.OutboxStatus;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 003's integration tests on a real Parley (H2 file store): re-escalation prevention, the cross-property cache,
 * backward and lateral moves, and the buyer state kept across messages.
 */
class BuyerSmsFlowTest {
    private static final String BUYER = "+13135550201";
    private static final String OTHER = "+13135550202";
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

    private void focusOnCommerce(String phone) {
        s.inbound(phone, "Need 15,000 sqft near Detroit for auto parts storage");
        s.inbound(phone, "Tell me more about the Commerce one");
        assertThat(s.phase(phone)).isEqualTo(Phase.PROPERTY_FOCUSED.stateName());
    }

    @Test
    void askingTheSameQuestionTwiceUsesTheCacheAndEscalatesOnce() {
        focusOnCommerce(BUYER);
        s.inbound(BUYER, "Can trucks park overnight there?");
        assertThat(s.escalations(BUYER)).hasSize(1);
        assertThat(s.phase(BUYER)).isEqualTo(Phase.AWAITING_ANSWER.stateName());
        s.answer(s.escalations(BUYER).getFirst(), "Yes, overnight truck parking is available in the fenced yard.",
                false);
        assertThat(s.last(BUYER)).isEqualTo("Update on Commerce Twp — yes, overnight truck parking is available in "
                + "the fenced yard. Want to schedule a tour?");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.PROPERTY_FOCUSED.stateName());

        s.inbound(BUYER, "Is overnight truck parking ok?");
        assertThat(s.escalations(BUYER)).hasSize(1);
        assertThat(s.last(BUYER)).contains("overnight truck parking is available in the fenced yard");

        // Another buyer, the same property: the answer the team gave is learned (layer 1 by field key).
        focusOnCommerce(OTHER);
        s.inbound(OTHER, "can our trucks park there overnight?");
        assertThat(s.escalations(OTHER)).isEmpty();
        assertThat(s.last(OTHER)).contains("fenced yard");
        assertThat(s.allEscalations()).hasSize(1);
    }

    @Test
    void anAnswerForEveryPropertyIsReusedAcrossPropertiesAPropertysOwnIsNot() {
        focusOnCommerce(BUYER);
        s.inbound(BUYER, "Is subleasing allowed?");
        s.answer(s.escalations(BUYER).getFirst(), "Subleasing needs the owner's written consent.", true);
        s.inbound(BUYER, "What about the Pontiac one? Is subleasing allowed?");
        assertThat(s.escalations(BUYER)).hasSize(1);
        assertThat(s.last(BUYER)).contains("Subleasing needs the owner's written consent.");

        // A property-specific answer (not for every property) never answers for another one.
        s.inbound(OTHER, "Need 15,000 sqft near Detroit for auto parts storage");
        s.inbound(OTHER, "option 1: is there rail access?");
        s.answer(s.escalations(OTHER).getFirst(), "Yes, a rail spur on the north side.", false);
        s.inbound(OTHER, "option 2: is there rail access?");
        assertThat(s.escalations(OTHER)).hasSize(2);
        assertThat(s.escalations(OTHER).getLast().status()).isEqualTo(EscalationStatus.PENDING);
    }

    @Test
    void backwardAndLateralMovesKeepThePendingEscalation() {
        focusOnCommerce(BUYER);
        s.inbound(BUYER, "Can trucks park overnight there?");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.AWAITING_ANSWER.stateName());
        // a facility question about the same property while waiting: answered, phase unchanged
        s.inbound(BUYER, "How many dock doors?");
        assertThat(s.last(BUYER)).contains("4 dock doors");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.AWAITING_ANSWER.stateName());
        // another property while waiting: focus shifts, the escalation stays pending
        s.inbound(BUYER, "What about the Pontiac one? What's the ceiling height?");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.PROPERTY_FOCUSED.stateName());
        assertThat(s.escalations(BUYER)).singleElement().extracting(t -> t.status())
                .isEqualTo(EscalationStatus.PENDING);
        // back to the search: any phase -> QUALIFYING -> PRESENTING
        s.inbound(BUYER, "Actually I need 25,000 sqft");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.PRESENTING.stateName());
        assertThat(s.sent(BUYER)).anyMatch(t -> t.startsWith("No problem — 25K sqft in Detroit"));
        // the late answer still reaches the buyer; the phase stays where the buyer is now
        s.answer(s.escalations(BUYER).getFirst(), "Yes, in the fenced yard.", false);
        assertThat(s.last(BUYER)).startsWith("Update on Commerce Twp — yes, in the fenced yard.");
        assertThat(s.phase(BUYER)).isEqualTo(Phase.PRESENTING.stateName());
    }

    @Test
    void theSlaNudgeGoesOnceAndAnAnsweredThreadTakesFollowUpsForThirtyMinutes() {
        focusOnCommerce(BUYER);
        s.inbound(BUYER, "Can trucks park overnight there?");
        s.advance(Duration.ofHours(3));
        assertThat(s.sent(BUYER)).filteredOn(t -> t.startsWith("Still working on")).hasSize(1);
        s.advance(Duration.ofHours(2));
        assertThat(s.sent(BUYER)).filteredOn(t -> t.startsWith("Still working on")).hasSize(1);
        var thread = s.escalations(BUYER).getFirst();
        assertThat(thread.buyerNudgeSent()).isTrue();
        s.answer(thread, "Yes, in the fenced yard.", false);
        var answered = s.escalations(BUYER).getFirst();
        assertThat(answered.status()).isEqualTo(EscalationStatus.ANSWERED);
        assertThat(answered.answeredBy()).isEqualTo("ops@example.com");
        assertThat(answered.answerRawText()).isEqualTo("Yes, in the fenced yard.");
        assertThat(answered.answerSentText()).startsWith("Update on Commerce Twp");
        assertThat(answered.followupWindowUntil()).isEqualTo(answered.answeredAt().plus(Duration.ofMinutes(30)));
        // the same form again: refused
        assertThatThrownBy(() -> s.parley.app.replyTool.answerById(answered.id(), "again", "ops@example.com", false,
                0)).isInstanceOf(ConflictException.class).hasMessageContaining("already submitted");
        // a follow-up inside the window
        s.answer(answered, "Trailers too, up to 53 ft.", false);
        assertThat(s.last(BUYER)).isEqualTo("One more thing on Commerce Twp — Trailers too, up to 53 ft.");
        // after the window: closed
        s.advance(Duration.ofMinutes(31));
        var closed = s.escalations(BUYER).getFirst();
        assertThatThrownBy(() -> s.answer(closed, "One more thing", false)).isInstanceOf(ConflictException.class)
                .hasMessageContaining("follow-up window closed");
    }

    /** Quiet hours hold proactive messages only: a reply to the buyer's own text is never queued behind one. */
    @Test
    void aReplyGoesAtOnceWhileAProactiveNudgeWaitsForNineAm() {
        s.advance(Duration.ofHours(10)); // 7pm in Detroit
        s.inbound(BUYER, "Looking for 12000 sqft near Detroit, storage");
        s.inbound(BUYER, "The Pontiac one: is subleasing allowed?");
        s.advance(Duration.ofMinutes(125)); // the SLA falls due at 9:02pm: the nudge is queued and held
        var held = s.outbox(BUYER).getLast();
        assertThat(held.status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(held.text()).startsWith("Still working on the subleasing question");
        assertThat(held.reason()).startsWith("quiet hours: waiting until 2025-02-25 09:00");
        s.inbound(BUYER, "Also what's the ceiling height there?");
        assertThat(s.last(BUYER)).as("the reply is not held behind the nudge").contains("18 ft");
        s.advance(Duration.ofHours(11)); // 8:08am: still held
        assertThat(s.sent(BUYER)).noneMatch(t -> t.startsWith("Still working on"));
        s.advance(Duration.ofHours(1)); // 9:08am
        assertThat(s.sent(BUYER)).filteredOn(t -> t.startsWith("Still working on the subleasing question"))
                .hasSize(1);
    }

    @Test
    void anUnansweredEscalationExpiresAndItsLinkStopsWorking() {
        focusOnCommerce(BUYER);
        s.inbound(BUYER, "Is subleasing allowed?");
        var thread = s.escalations(BUYER).getFirst();
        s.advance(Duration.ofDays(3));
        assertThat(s.escalations(BUYER).getFirst().status()).isEqualTo(EscalationStatus.EXPIRED);
        assertThat(s.phase(BUYER)).isEqualTo(Phase.PROPERTY_FOCUSED.stateName());
        assertThatThrownBy(() -> s.answer(thread, "Yes", false)).isInstanceOf(ConflictException.class)
                .hasMessageContaining("expired");
    }

    @Test
    void anOptedOutBuyerGetsNoAnswer() {
        focusOnCommerce(BUYER);
        s.inbound(BUYER, "Is subleasing allowed?");
        s.inbound(BUYER, "STOP");
        var thread = s.escalations(BUYER).getFirst();
        assertThatThrownBy(() -> s.answer(thread, "Yes", false)).isInstanceOf(ConflictException.class)
                .hasMessageContaining("opted out");
    }

    @Test
    void theBuyerStateIsKeptInTheStore() {
        focusOnCommerce(BUYER);
        s.inbound(BUYER, "What about power?");
        var state = s.parley.app.transactions.inTransaction(st -> st.buyerStates().find(s.conversation(BUYER)))
                .orElseThrow();
        assertThat(state.turn()).isEqualTo(3);
        assertThat(state.presentedListingIds()).hasSize(2);
        assertThat(state.focusedListingId()).isEqualTo(state.presentedListingIds().getFirst());
        assertThat(state.criteria().location()).isEqualTo("Detroit");
        assertThat(state.criteriaReadiness()).isEqualTo(1.0);
        assertThat(state.optInAsideSent()).isTrue();
        assertThat(state.knownAnswers().values()).anyMatch(m -> m.containsKey("power"));
    }
}
