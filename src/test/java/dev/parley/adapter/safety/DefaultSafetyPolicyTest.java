package dev.parley.adapter.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.ManualClock;
import dev.parley.domain.safety.Direction;
import dev.parley.domain.safety.EnforcementReason;
import dev.parley.domain.safety.InMemoryBehaviourFacts;
import dev.parley.domain.safety.RiskCategory;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyResult;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ValidationFailureListener;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shipped safety.json on everyday messages: what it catches, what it lets through, what the rewrite keeps. */
class DefaultSafetyPolicyTest {
    static final Instant NOON = Instant.parse("2026-11-27T12:00:00Z");
    final SafetyValidator validator = new SafetyValidator(SafetyPolicyFile.loadDefault().policy(), new ManualClock(NOON),
            ValidationFailureListener.IGNORE);

    SafetyResult check(Direction d, String text) {
        var facts = new InMemoryBehaviourFacts((a, c) -> List.of(ZoneId.of("Europe/London")));
        facts.knowContact("+447700900001", "+447700900002");
        String from = d == Direction.INBOUND ? "+447700900001" : "+447700900002";
        String to = d == Direction.INBOUND ? "+447700900002" : "+447700900001";
        return validator.validate(SafetyRequest.of(d, text, from, to, "sms", NOON), facts);
    }

    @Test
    void everydayMessagesPass() {
        for (String text : List.of("Are we still on for lunch tomorrow?", "Ok lar... Joking wif u oni...",
                "I'll call you when I get home, love you", "Can you pick up milk on the way back?",
                "Sorry, I'm running late. Be there in 10 mins", "Happy birthday! Hope you have a great day")) {
            assertThat(check(Direction.INBOUND, text).decision()).as(text).isEqualTo(SafetyDecision.DELIVER);
            assertThat(check(Direction.OUTBOUND, text).decision()).as(text).isEqualTo(SafetyDecision.ALLOW);
        }
    }

    @Test
    void selfHarmEscalatesAndThreatsToo() {
        var r = check(Direction.INBOUND, "I can't do this anymore, I want to die");
        assertThat(r.decision()).isEqualTo(SafetyDecision.ESCALATE);
        assertThat(r.riskCategories()).contains(RiskCategory.SELF_HARM_TRIGGERS);
        assertThat(check(Direction.INBOUND, "I know where you live. Watch your back").decision())
                .isEqualTo(SafetyDecision.ESCALATE);
        assertThat(check(Direction.OUTBOUND, "i'm going to kill you").decision()).isEqualTo(SafetyDecision.HARD_DENY);
    }

    @Test
    void aScamIsSilencedAndItsPaymentDemandRewrittenAway() {
        String scam = "URGENT: your account has been suspended. Pay the release fee with a gift card within 24 hours."
                + " Your parcel 12345 is at the depot.";
        var in = check(Direction.INBOUND, scam);
        assertThat(in.decision()).isIn(SafetyDecision.SILENCE, SafetyDecision.ESCALATE);
        assertThat(in.riskCategories()).contains(RiskCategory.FINANCIAL_SCAM, RiskCategory.URGENCY_ABUSE);
        var out = check(Direction.OUTBOUND, "Please act now. Send money by western union today. The meeting is at 3pm.");
        assertThat(out.decision()).isEqualTo(SafetyDecision.HARD_DENY);
    }

    @Test
    void theSoftRewriteDropsPressureAndKeepsTheFacts() {
        var out = check(Direction.OUTBOUND, "Reply immediately, hurry! The invoice for March is attached.");
        assertThat(out.decision()).isEqualTo(SafetyDecision.SOFT_REWRITE);
        assertThat(out.enforcementReason()).isEqualTo(EnforcementReason.CONTENT_RISK);
        assertThat(out.safeOutput().messagePrimary()).isEqualTo("The invoice for March is attached.");
        assertThat(out.originalBlocked()).isTrue();
    }

    @Test
    void theRewriteKeepsWeakWordsOfCategoriesThatStayedLow() {
        var out = check(Direction.OUTBOUND, "Act now: call me when you are free. The meeting is at 3pm.");
        assertThat(out.decision()).isEqualTo(SafetyDecision.SOFT_REWRITE);
        assertThat(out.safeOutput().messagePrimary()).isEqualTo("Call me when you are free. The meeting is at 3pm.");
    }

    /** Issue 35: an outbound threat is denied, never cut into a shorter threat. */
    @Test
    void anOutboundThreatIsDeniedNotRewritten() {
        for (String threat : List.of(
                "Pay what you owe by Friday or we'll come to your house and you will regret it",
                "Pay what you owe by Friday or we'll come to your house.",
                "If you don't pay by Friday we will send someone round to your house.",
                "Settle the account today. We know where you live.")) {
            var out = check(Direction.OUTBOUND, threat);
            assertThat(out.decision()).as(threat).isEqualTo(SafetyDecision.HARD_DENY);
            assertThat(out.riskCategories()).as(threat).contains(RiskCategory.HARASSMENT);
            assertThat(out.safeOutput().messagePrimary()).as(threat).startsWith("Not sent: ");
        }
        // the same words to someone who worries are not a threat
        assertThat(check(Direction.OUTBOUND, "If you don't pick up I'll come to your place to check on you.")
                .decision()).isEqualTo(SafetyDecision.ALLOW);
        assertThat(check(Direction.OUTBOUND, "I'll come to your house at 6 with the keys.").decision())
                .isEqualTo(SafetyDecision.ALLOW);
    }

    /** Blackmail's sentence goes whole; and a rewrite that would not pass on its own is never sent. */
    @Test
    void aRewriteIsSentOnlyWhenItPassesOnItsOwn() {
        var blackmail = check(Direction.OUTBOUND, "Answer me tonight or I'll tell everyone. The party is at 8.");
        assertThat(blackmail.decision()).isEqualTo(SafetyDecision.SOFT_REWRITE);
        assertThat(blackmail.safeOutput().messagePrimary()).isEqualTo("The party is at 8.");
        var nothingLeft = check(Direction.OUTBOUND, "You will regret it if you leave me, I'll tell everyone.");
        assertThat(nothingLeft.decision()).isEqualTo(SafetyDecision.HARD_DENY);
        assertThat(nothingLeft.safeOutput().messagePrimary()).startsWith("Not sent: ");
    }

    @Test
    void ownHarassmentIsDeniedAndSomeoneElsesSummarized() {
        assertThat(check(Direction.OUTBOUND, "You are a worthless idiot. The keys are under the mat.").decision())
                .isEqualTo(SafetyDecision.HARD_DENY);
    }

    @Test
    void harassmentIsSummarizedWithoutTheInsults() {
        var in = check(Direction.INBOUND, "You are a worthless idiot. The keys are under the mat.");
        assertThat(in.decision()).isEqualTo(SafetyDecision.SUMMARIZE);
        assertThat(in.safeOutput().messagePrimary()).contains("The keys are under the mat.")
                .doesNotContain("idiot");
    }

    @Test
    void classicSpamIsHeldBack() {
        var r = check(Direction.INBOUND, "WINNER!! As a valued network customer you have been selected to receive a"
                + " £900 prize reward! To claim call 09061701461. Claim code KL341. Valid 12 hours only.");
        assertThat(r.decision().passes()).isFalse();
        assertThat(r.riskCategories()).contains(RiskCategory.SPAM_ESCALATION, RiskCategory.FINANCIAL_SCAM);
    }
}
