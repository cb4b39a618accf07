package dev.parley.domain.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.ManualClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The learned heads as validator signals (issue 14, ADR 0019): mapping, merge, output, trace ids, failures. */
class ModelSignalsTest {
    static final Instant NOON = SafetyValidatorTest.NOON;
    private final List<Throwable> failures = new ArrayList<>();
    private final SafetyValidator validator = new SafetyValidator(TestPolicies.levels(), new ManualClock(NOON),
            (trace, e) -> failures.add(e));

    /** A model that gives the same readings for any text, counting how often it is asked. */
    static final class FixedModel implements ContentModel {
        final List<HeadLevels.HeadReading> readings;
        final AtomicInteger asked = new AtomicInteger();

        FixedModel(HeadLevels.HeadReading... readings) {
            this.readings = List.of(readings);
        }

        @Override
        public String version() {
            return "heads-test";
        }

        @Override
        public ModelSignals signals(String content) {
            asked.incrementAndGet();
            return HeadLevels.of(readings);
        }
    }

    static HeadLevels.HeadReading reading(String head, double score) {
        return new HeadLevels.HeadReading(head, score, 0.8, 0.4);
    }

    @Nested
    class Mapping {
        @Test
        void eachHeadFeedsItsCategoryAtTheLevelOfTheThresholdReached() {
            var signals = HeadLevels.of(List.of(reading("self_harm", 0.9), reading("threats", 0.5),
                    reading("harassment", 0.85), reading("financial_scam", 0.81), reading("other", 0.99)));
            assertThat(signals.signals()).extracting(ModelSignal::category, ModelSignal::head, ModelSignal::tier,
                    ModelSignal::level).containsExactly(
                    org.assertj.core.groups.Tuple.tuple(RiskCategory.SELF_HARM_TRIGGERS, "self_harm", "critical", RiskLevel.HIGH),
                    org.assertj.core.groups.Tuple.tuple(RiskCategory.HARASSMENT, "threats", "review", RiskLevel.LOW),
                    org.assertj.core.groups.Tuple.tuple(RiskCategory.HARASSMENT, "harassment", "critical", RiskLevel.MEDIUM),
                    org.assertj.core.groups.Tuple.tuple(RiskCategory.FINANCIAL_SCAM, "financial_scam", "critical", RiskLevel.LOW));
            assertThat(signals.strongest(RiskCategory.HARASSMENT).orElseThrow().head()).isEqualTo("harassment");
        }

        @Test
        void selfHarmCountsOnlyAtItsCriticalThresholdAndScoresBelowReviewAreNothing() {
            assertThat(HeadLevels.of(List.of(reading("self_harm", 0.79))).signals()).isEmpty();
            assertThat(HeadLevels.of(List.of(reading("harassment", 0.39), reading("financial_scam", 0.1))).signals())
                    .isEmpty();
        }
    }

    @Nested
    class Decisions {
        @Test
        void aSelfHarmHitTheLexiconsMissEscalatesInboundAndDeniesOutbound() {
            var model = new FixedModel(reading("self_harm", 0.93));
            var in = validator.validate(SafetyValidatorTest.inbound("nothing any lexicon knows"), FixedFacts.calm(), model);
            assertThat(in.decision()).isEqualTo(SafetyDecision.ESCALATE);
            assertThat(in.enforcementReason()).isEqualTo(EnforcementReason.CRISIS);
            assertThat(in.riskCategories()).containsExactly(RiskCategory.SELF_HARM_TRIGGERS);
            var score = in.score(RiskCategory.SELF_HARM_TRIGGERS);
            assertThat(score.count()).isZero();
            assertThat(score.raisedByModel()).isTrue();
            assertThat(score.model().orElseThrow().score()).isEqualTo(0.93);
            assertThat(score.model().orElseThrow().threshold()).isEqualTo(0.8);
            var out = validator.validate(SafetyValidatorTest.outbound("nothing any lexicon knows"), FixedFacts.calm(), model);
            assertThat(out.decision()).isEqualTo(SafetyDecision.HARD_DENY);
        }

        @Test
        void aHarassmentHitSummarisesWithoutRepeatingTheTextAndAFinancialHitIsOnlyRecorded() {
            var harassment = validator.validate(SafetyValidatorTest.inbound("you are a plain text message"),
                    FixedFacts.calm(), new FixedModel(reading("harassment", 0.9)));
            assertThat(harassment.decision()).isEqualTo(SafetyDecision.SUMMARIZE);
            // the model judges the whole message: no sentence of it can be kept as the safe summary
            assertThat(harassment.safeOutput().messagePrimary()).doesNotContain("plain text message")
                    .contains("summarised away").contains("harassment");
            // outbound, one's own harassment is denied, never sent as a summary (issue 35)
            var denied = validator.validate(SafetyValidatorTest.outbound("you are a plain text message"),
                    FixedFacts.calm(), new FixedModel(reading("harassment", 0.9)));
            assertThat(denied.decision()).isEqualTo(SafetyDecision.HARD_DENY);
            assertThat(denied.safeOutput().messagePrimary()).doesNotContain("plain text message");
            var scam = validator.validate(SafetyValidatorTest.inbound("a plain text message"), FixedFacts.calm(),
                    new FixedModel(reading("financial_scam", 0.9)));
            assertThat(scam.decision()).isEqualTo(SafetyDecision.DELIVER);
            assertThat(scam.score(RiskCategory.FINANCIAL_SCAM).level()).isEqualTo(RiskLevel.LOW);
            assertThat(scam.score(RiskCategory.FINANCIAL_SCAM).raisedByModel()).isTrue();
        }

        @Test
        void aReviewTierHitIsOnlyRecorded() {
            var r = validator.validate(SafetyValidatorTest.inbound("a plain text message"), FixedFacts.calm(),
                    new FixedModel(reading("harassment", 0.5), reading("financial_scam", 0.5)));
            assertThat(r.decision()).isEqualTo(SafetyDecision.DELIVER);
            assertThat(r.riskCategories()).isEmpty();
            assertThat(r.score(RiskCategory.HARASSMENT).level()).isEqualTo(RiskLevel.LOW);
            assertThat(r.score(RiskCategory.HARASSMENT).raisedByModel()).isTrue();
        }

        @Test
        void theHigherLevelWinsWhicheverGaveIt() {
            String high = TestPolicies.term(RiskCategory.HARASSMENT, RiskLevel.HIGH);
            var lexiconHigher = validator.validate(SafetyValidatorTest.inbound("say " + high), FixedFacts.calm(),
                    new FixedModel(reading("harassment", 0.9)));
            assertThat(lexiconHigher.decision()).isEqualTo(SafetyDecision.SILENCE);
            assertThat(lexiconHigher.score(RiskCategory.HARASSMENT).level()).isEqualTo(RiskLevel.HIGH);
            assertThat(lexiconHigher.score(RiskCategory.HARASSMENT).raisedByModel()).isFalse();
            String low = TestPolicies.term(RiskCategory.HARASSMENT, RiskLevel.LOW);
            var modelHigher = validator.validate(SafetyValidatorTest.inbound("say " + low), FixedFacts.calm(),
                    new FixedModel(reading("harassment", 0.9)));
            assertThat(modelHigher.score(RiskCategory.HARASSMENT).level()).isEqualTo(RiskLevel.MEDIUM);
            assertThat(modelHigher.decision()).isEqualTo(SafetyDecision.SUMMARIZE);
            assertThat(modelHigher.score(RiskCategory.HARASSMENT).count()).isEqualTo(1);
        }
    }

    @Nested
    class WithoutAModel {
        @Test
        void noModelGivesExactlyTheLexiconAnswerAndTheSameTraceId() {
            for (String text : new String[] {"a plain text message", "say " + TestPolicies.term(RiskCategory.HARASSMENT,
                    RiskLevel.MEDIUM), "send " + TestPolicies.term(RiskCategory.FINANCIAL_SCAM, RiskLevel.HIGH)}) {
                var request = SafetyValidatorTest.inbound(text);
                var plain = validator.validate(request, FixedFacts.calm());
                var none = validator.validate(request, FixedFacts.calm(), ContentModel.NONE);
                assertThat(none).isEqualTo(plain);
                assertThat(none.traceId()).isEqualTo(TraceIds.of(request, NOON, validator.policyVersion()));
            }
        }

        @Test
        void aModelInUseIsPartOfTheTraceIdWhichStaysDeterministic() {
            var request = SafetyValidatorTest.inbound("a plain text message");
            var a = validator.validate(request, FixedFacts.calm(), new FixedModel(reading("harassment", 0.1)));
            var b = validator.validate(request, FixedFacts.calm(), new FixedModel(reading("harassment", 0.1)));
            assertThat(a.traceId()).isEqualTo(b.traceId())
                    .isNotEqualTo(validator.validate(request, FixedFacts.calm()).traceId());
            assertThat(a.decision()).isEqualTo(SafetyDecision.DELIVER);
        }

        @Test
        void aMessageWithoutTextDoesNotAskTheModel() {
            var model = new FixedModel(reading("self_harm", 0.99));
            var r = validator.validate(SafetyValidatorTest.inbound(null), FixedFacts.calm(), model);
            assertThat(model.asked).hasValue(0);
            assertThat(r.enforcementReason()).isEqualTo(EnforcementReason.UNKNOWN_CONTENT);
            validator.validate(SafetyValidatorTest.inbound("some words"), FixedFacts.calm(), model);
            assertThat(model.asked).hasValue(1);
        }

        @Test
        void aFailingModelGivesTheFailSafeAnswer() {
            ContentModel broken = new ContentModel() {
                @Override
                public String version() {
                    return "broken";
                }

                @Override
                public ModelSignals signals(String content) {
                    throw new IllegalStateException("no model");
                }
            };
            var r = validator.validate(SafetyValidatorTest.inbound("some words"), FixedFacts.calm(), broken);
            assertThat(r.failSafe()).isTrue();
            assertThat(r.decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(failures).hasSize(1);
        }
    }
}
