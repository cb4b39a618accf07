package dev.parley.domain.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.domain.message.Direction;
import dev.parley.testing.RecurringTexts;
import java.time.Instant;
import java.time.ZoneId;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 17: the content signals remembered per text are those computed afresh, on the demo's templates and the
 * labelled SMS, the first time and when remembered; and a validator that remembers decides as a fresh one.
 */
class SignalExtractorMemoTest {
    static final Instant NOON = Instant.parse("2026-11-27T12:00:00Z");
    final SafetyPolicy policy = SafetyPolicyFile.loadDefault().policy();

    @Test
    void rememberedContentEqualsComputedContent() {
        var texts = RecurringTexts.all();
        var remembering = new SignalExtractor(policy);
        for (int pass = 0; pass < 2; pass++) {
            for (String text : texts) {
                var fresh = new SignalExtractor(policy).score(text);
                assertThat(remembering.content(text)).as(text).isEqualTo(fresh);
            }
        }
        // the second pass read what the first remembered: the same objects
        String any = texts.getFirst();
        assertThat(remembering.content(any)).isSameAs(remembering.content(any));
    }

    @Test
    void aRememberingValidatorDecidesAsAFreshOne() {
        var warmed = new SafetyValidator(policy, Clock.systemUTC(), ValidationFailureListener.IGNORE);
        var texts = RecurringTexts.demoTemplates();
        for (int pass = 0; pass < 2; pass++) {
            for (String text : texts) {
                for (Direction d : List.of(Direction.IN, Direction.OUT)) {
                    var fresh = new SafetyValidator(policy, Clock.systemUTC(), ValidationFailureListener.IGNORE);
                    assertThat(warmed.validate(request(d, text), facts())).as(text)
                            .isEqualTo(fresh.validate(request(d, text), facts()));
                }
            }
        }
    }

    @Test
    void longTextsAreNotRemembered() {
        var extractor = new SignalExtractor(policy);
        String longText = "please reply immediately ".repeat(60);
        assertThat(longText.length()).isGreaterThan(SignalExtractor.REMEMBERED_LENGTH);
        assertThat(extractor.content(longText)).isEqualTo(extractor.score(longText))
                .isNotSameAs(extractor.content(longText));
    }

    private static SafetyRequest request(Direction d, String text) {
        String from = d == Direction.IN ? "+447700900001" : "+447700900002";
        String to = d == Direction.IN ? "+447700900002" : "+447700900001";
        return SafetyRequest.of(d, text, from, to, "sms", NOON).inConversation("sms:+447700900001");
    }

    private static InMemoryBehaviourFacts facts() {
        var facts = new InMemoryBehaviourFacts((a, c) -> List.of(ZoneId.of("Europe/London")));
        facts.knowContact("+447700900001", "+447700900002");
        return facts;
    }
}
