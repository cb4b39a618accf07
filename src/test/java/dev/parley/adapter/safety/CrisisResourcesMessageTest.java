package dev.parley.adapter.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.ManualClock;
import dev.parley.domain.safety.ContentModel;
import dev.parley.domain.safety.Direction;
import dev.parley.domain.safety.InMemoryBehaviourFacts;
import dev.parley.domain.safety.ModelSignal;
import dev.parley.domain.safety.ModelSignals;
import dev.parley.domain.safety.RiskCategory;
import dev.parley.domain.safety.RiskLevel;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyResult;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ValidationFailureListener;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 35: an operator's crisis-resources message (a helpline and an invitation to use it) is not a self-harm
 * trigger, whatever the lexicon or a head says about its words; the same words from a person still escalate.
 */
class CrisisResourcesMessageTest {
    static final Instant NOON = Instant.parse("2026-11-27T12:00:00Z");
    final SafetyValidator validator = new SafetyValidator(SafetyPolicyFile.loadDefault().policy(), new ManualClock(NOON),
            ValidationFailureListener.IGNORE);
    /** A head that calls every message self-harm at its critical threshold. */
    final ContentModel alarmed = new ContentModel() {
        @Override
        public String version() {
            return "alarmed";
        }

        @Override
        public ModelSignals signals(String content) {
            return new ModelSignals(List.of(new ModelSignal(RiskCategory.SELF_HARM_TRIGGERS, "self_harm", 0.97,
                    "critical", 0.9, RiskLevel.HIGH)));
        }
    };

    SafetyResult check(Direction d, String text, ContentModel model) {
        var facts = new InMemoryBehaviourFacts((a, c) -> List.of(ZoneId.of("Europe/London")));
        facts.knowContact("+447700900001", "+447700900002");
        String from = d == Direction.INBOUND ? "+447700900001" : "+447700900002";
        String to = d == Direction.INBOUND ? "+447700900002" : "+447700900001";
        return validator.validate(SafetyRequest.of(d, text, from, to, "sms", NOON), facts, model);
    }

    @Test
    void anOperatorsHelplineMessageGoesOut() {
        for (var text : List.of(
                "If you are having thoughts of suicide, please call or text 988, the Suicide & Crisis Lifeline.",
                "I'm worried about you. Please call 988 any time, day or night.",
                "If you're feeling suicidal, you can ring the Samaritans free on 116 123, they're there 24/7.",
                "Please reach out to a crisis line: in the US call 988.")) {
            for (var model : List.of(ContentModel.NONE, alarmed)) {
                var result = check(Direction.OUTBOUND, text, model);
                assertThat(result.riskCategories()).as(text).doesNotContain(RiskCategory.SELF_HARM_TRIGGERS);
                assertThat(result.decision()).as(text).isEqualTo(SafetyDecision.ALLOW);
            }
        }
    }

    @Test
    void crisisTextLinesShortCodeIsNoSelfHarmTrigger() {
        // "text HOME to 741741" has the form of a bulk sender's short code, which the spam lexicon rewrites; what
        // matters here is that it is neither denied nor escalated as self-harm.
        var result = check(Direction.OUTBOUND, "Please call 988 or text HOME to 741741 any time, day or night.", alarmed);
        assertThat(result.riskCategories()).doesNotContain(RiskCategory.SELF_HARM_TRIGGERS);
        assertThat(result.decision()).isNotEqualTo(SafetyDecision.HARD_DENY);
    }

    @Test
    void theSameWordsWithoutAHelplineOrFromAPersonStillEscalate() {
        assertThat(check(Direction.OUTBOUND, "Are you having thoughts of suicide?", ContentModel.NONE).decision())
                .isEqualTo(SafetyDecision.HARD_DENY);
        assertThat(check(Direction.OUTBOUND, "Call me tonight, I want to die", ContentModel.NONE).decision())
                .as("a helpline is named, not just a call").isEqualTo(SafetyDecision.HARD_DENY);
        var inbound = check(Direction.INBOUND, "I called 988 last night and I still want to die", ContentModel.NONE);
        assertThat(inbound.decision()).isEqualTo(SafetyDecision.ESCALATE);
        assertThat(check(Direction.INBOUND, "please call 988", alarmed).decision()).isEqualTo(SafetyDecision.ESCALATE);
    }
}
