package dev.parley.adapter.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.ManualClock;
import dev.parley.domain.message.Direction;
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
        String from = d == Direction.IN ? "+447700900001" : "+447700900002";
        String to = d == Direction.IN ? "+447700900002" : "+447700900001";
        return validator.validate(SafetyRequest.of(d, text, from, to, "sms", NOON), facts);
    }

    @Test
    void everydayMessagesPass() {
        for (String text : List.of("Are we still on for lunch tomorrow?", "Ok lar... Joking wif u oni...",
                "I'll call you when I get home, love you", "Can you pick up milk on the way back?",
                "Sorry, I'm running late. Be there in 10 mins", "Happy birthday! Hope you have a great day")) {
            assertThat(check(Direction.IN, text).decision()).as(text).isEqualTo(SafetyDecision.DELIVER);
            assertThat(check(Direction.OUT, text).decision()).as(text).isEqualTo(SafetyDecision.ALLOW);
        }
    }

    @Test
    void selfHarmEscalatesAndThreatsToo() {
        var r = check(Direction.IN, "I can't do this anymore, I want to die");
        assertThat(r.decision()).isEqualTo(SafetyDecision.ESCALATE);
        assertThat(r.riskCategories()).contains(RiskCategory.SELF_HARM_TRIGGERS);
        assertThat(check(Direction.IN, "I know where you live. Watch your back").decision())
                .isEqualTo(SafetyDecision.ESCALATE);
        assertThat(check(Direction.OUT, "i'm going to kill you").decision()).isEqualTo(SafetyDecision.HARD_DENY);
    }

    @Test
    void aScamIsSilencedAndItsPaymentDemandRewrittenAway() {
        String scam = "URGENT: your account has been suspended. Pay the release fee with a gift card within 24 hours."
                + " Your parcel 12345 is at the depot.";
        var in = check(Direction.IN, scam);
        assertThat(in.decision()).isIn(SafetyDecision.SILENCE, SafetyDecision.ESCALATE);
        assertThat(in.riskCategories()).contains(RiskCategory.FINANCIAL_SCAM, RiskCategory.URGENCY_ABUSE);
        var out = check(Direction.OUT, "Please act now. Send money by western union today. The meeting is at 3pm.");
        assertThat(out.decision()).isEqualTo(SafetyDecision.HARD_DENY);
    }

    @Test
    void theSoftRewriteDropsPressureAndKeepsTheFacts() {
        var out = check(Direction.OUT, "Reply immediately, hurry! The invoice for March is attached.");
        assertThat(out.decision()).isEqualTo(SafetyDecision.SOFT_REWRITE);
        assertThat(out.enforcementReason()).isEqualTo(EnforcementReason.CONTENT_RISK);
        assertThat(out.safeOutput().messagePrimary()).isEqualTo("The invoice for March is attached.");
        assertThat(out.originalBlocked()).isTrue();
    }

    @Test
    void theRewriteKeepsWeakWordsOfCategoriesThatStayedLow() {
        var out = check(Direction.OUT, "Act now: call me when you are free. The meeting is at 3pm.");
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
            var out = check(Direction.OUT, threat);
            assertThat(out.decision()).as(threat).isEqualTo(SafetyDecision.HARD_DENY);
            assertThat(out.riskCategories()).as(threat).contains(RiskCategory.HARASSMENT);
            assertThat(out.safeOutput().messagePrimary()).as(threat).startsWith("Not sent: ");
        }
        // the same words to someone who worries are not a threat
        assertThat(check(Direction.OUT, "If you don't pick up I'll come to your place to check on you.")
                .decision()).isEqualTo(SafetyDecision.ALLOW);
        assertThat(check(Direction.OUT, "I'll come to your house at 6 with the keys.").decision())
                .isEqualTo(SafetyDecision.ALLOW);
    }

    /** Blackmail's sentence goes whole; and a rewrite that would not pass on its own is never sent. */
    @Test
    void aRewriteIsSentOnlyWhenItPassesOnItsOwn() {
        var blackmail = check(Direction.OUT, "Answer me tonight or I'll tell everyone. The party is at 8.");
        assertThat(blackmail.decision()).isEqualTo(SafetyDecision.SOFT_REWRITE);
        assertThat(blackmail.safeOutput().messagePrimary()).isEqualTo("The party is at 8.");
        var nothingLeft = check(Direction.OUT, "You will regret it if you leave me, I'll tell everyone.");
        assertThat(nothingLeft.decision()).isEqualTo(SafetyDecision.HARD_DENY);
        assertThat(nothingLeft.safeOutput().messagePrimary()).startsWith("Not sent: ");
    }

    @Test
    void ownHarassmentIsDeniedAndSomeoneElsesSummarized() {
        assertThat(check(Direction.OUT, "You are a worthless idiot. The keys are under the mat.").decision())
                .isEqualTo(SafetyDecision.HARD_DENY);
    }

    @Test
    void harassmentIsSummarizedWithoutTheInsults() {
        var in = check(Direction.IN, "You are a worthless idiot. The keys are under the mat.");
        assertThat(in.decision()).isEqualTo(SafetyDecision.SUMMARIZE);
        assertThat(in.safeOutput().messagePrimary()).contains("The keys are under the mat.")
                .doesNotContain("idiot");
    }

    /**
     * Issue 35: today's smishing, as public advisories describe it (written for this test, not taken from an
     * evaluation set): a link with an ask, an imitated address, a brand named beside someone else's link. Held back
     * (silenced) or escalated, as the threshold matrix says for its level.
     */
    @Test
    void todaysSmishingIsHeldOrEscalated() {
        for (String smish : List.of(
                "USPS: Your package could not be delivered due to an incomplete address. Update within 24 hours:"
                        + " https://usps-redelivery.top/track",
                "Your Amazon account has been locked due to unusual activity. Verify at amaz0n-secure.com/login",
                "E-ZPass: You have an unpaid toll balance of $4.15. Pay now to avoid a late fee: ezpass-tolls.xyz",
                "Netflix: your payment was declined. Update your billing details at netflix-billing.help",
                "Dear Customer, your SBI account will be blocked today. Update your KYC: http://sbi-kyc.co/upd",
                "Your parcel is on hold. Reschedule delivery here: bit.ly/3xYz12",
                "We noticed a new sign-in to your Chase account. If this was not you visit"
                        + " http://chase.com.secure-alerts.net",
                "Congrats User, Rs.15OOO Bonus is Credited to your wallet. Direct y0ur ac - SR3.in/O13D-2i19",
                "Online part-time job, earn 500-10000 per day, click to contact: 1vp.cc/DFE4DSMOI3cN")) {
            var r = check(Direction.IN, smish);
            assertThat(r.decision()).as(smish).isIn(SafetyDecision.SILENCE, SafetyDecision.ESCALATE);
            assertThat(r.riskCategories()).as(smish).contains(RiskCategory.FINANCIAL_SCAM);
            if (r.decision() == SafetyDecision.ESCALATE) {
                assertThat(r.safeOutput().messagePrimary()).as(smish).contains("looks like a scam");
                assertThat(r.safeOutput().suggestedAction()).isEqualTo("do not open its links or share any details");
            }
        }
    }

    @Test
    void everydayMessagesWithLinksPass() {
        for (String text : List.of(
                "Your DPD parcel arrives today between 10:00 and 11:00. Track it at dpd.co.uk/track/12345",
                "Your Amazon order has shipped. Track it at https://amazon.com/progress-tracker/12345",
                "Here is the zoom link for today: https://zoom.us/j/123456 see you soon",
                "check this out lol youtube.com/watch?v=dQw4w9WgXcQ",
                "Saw this on Amazon but cheaper here ebay.com/itm/12345",
                "The hut's booking is at www.hut-bookings.com, the wifi password is on the fridge",
                "Fees for the trip are on the sheet, I paid mine today. docs.google.com/spreadsheets/d/1x")) {
            assertThat(check(Direction.IN, text).decision()).as(text).isEqualTo(SafetyDecision.DELIVER);
        }
    }

    /** Issue 35: an operator's crisis resources are help, not a self-harm trigger; a person at risk still escalates. */
    @Test
    void crisisResourcesAreNotASelfHarmTrigger() {
        for (String help : List.of("If you are having thoughts of suicide, please call 988 or text HOME to 741741.",
                "I'm so sorry. If you feel suicidal, please call the Samaritans on 116 123, any time.",
                "Please call 988, the Suicide and Crisis Lifeline, if you want to end your life or hurt yourself.")) {
            var out = check(Direction.OUT, help);
            assertThat(out.decision()).as(help).isEqualTo(SafetyDecision.ALLOW);
            assertThat(out.riskCategories()).as(help).isEmpty();
        }
        // a friend passing the number on, inbound: delivered
        assertThat(check(Direction.IN, "If you ever have thoughts of suicide, call 988. They helped my cousin.")
                .decision()).isEqualTo(SafetyDecision.DELIVER);
        // the person at risk, though they name the helpline: escalated
        for (String atRisk : List.of("I called 988 last night but I still want to die",
                "My therapist said to call 988 if I feel suicidal again, and I do")) {
            assertThat(check(Direction.IN, atRisk).decision()).as(atRisk).isEqualTo(SafetyDecision.ESCALATE);
        }
        // without a resource, the same words are still a trigger
        assertThat(check(Direction.OUT, "If you are having thoughts of suicide, tell me.").decision())
                .isEqualTo(SafetyDecision.HARD_DENY);
    }

    @Test
    void classicSpamIsHeldBack() {
        var r = check(Direction.IN, "WINNER!! As a valued network customer you have been selected to receive a"
                + " £900 prize reward! To claim call 09061701461. Claim code KL341. Valid 12 hours only.");
        assertThat(r.decision().passes()).isFalse();
        assertThat(r.riskCategories()).contains(RiskCategory.SPAM_ESCALATION, RiskCategory.FINANCIAL_SCAM);
    }
}
