package dev.parley.domain.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.ManualClock;
import dev.parley.domain.message.Direction;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class SafetyValidatorTest {
    /** Friday 27 November 2026, 12:00 in London (GMT): work hours, no quiet hours. */
    static final Instant NOON = Instant.parse("2026-11-27T12:00:00Z");

    private final SafetyValidator validator = new SafetyValidator(TestPolicies.levels(),
            new ManualClock(NOON), ValidationFailureListener.IGNORE);

    static SafetyRequest inbound(String content) {
        return SafetyRequest.of(Direction.IN, content, "+447700900001", "+447700900002", "sms", NOON);
    }

    static SafetyRequest outbound(String content) {
        return SafetyRequest.of(Direction.OUT, content, "+447700900002", "+447700900001", "sms", NOON);
    }

    static SafetyRequest at(SafetyRequest r, Instant when) {
        return new SafetyRequest(r.direction(), r.content(), r.sender(), r.recipient(), r.channel(), when, r.conversation());
    }

    static String term(RiskCategory c, RiskLevel l) {
        return TestPolicies.term(c, l);
    }

    @Nested
    class Routing {
        @Test
        void inboundAndOutboundAreRoutedAnythingElseIsTheErrorPath() {
            assertThat(Directions.route("inbound")).isEqualTo(Direction.IN);
            assertThat(Directions.route(" OUTBOUND ")).isEqualTo(Direction.OUT);
            for (String bad : new String[] {"sideways", "", null}) {
                try {
                    Directions.route(bad);
                    throw new AssertionError("accepted " + bad);
                } catch (InvalidSafetyRequestException e) {
                    assertThat(e.code()).isEqualTo("invalid_direction");
                    assertThat(e.field()).isEqualTo("direction");
                }
            }
        }
    }

    @Nested
    class Hierarchy {
        @Test
        void level1CriticalOverrideBeatsQuietHoursAndFrequency() {
            var facts = FixedFacts.calm().withMessagesLastHour(9).withNotificationsLastDay(80);
            var r = validator.validate(at(inbound("i feel " + term(RiskCategory.SELF_HARM_TRIGGERS, RiskLevel.LOW)),
                    Instant.parse("2026-11-27T23:30:00Z")), facts);
            assertThat(r.decision()).isEqualTo(SafetyDecision.ESCALATE);
            assertThat(r.enforcementReason()).isEqualTo(EnforcementReason.CRISIS);
            assertThat(r.safeOutput().emotionalTone()).isEqualTo(EmotionalTone.SUPPORTIVE);
            var out = validator.validate(outbound("threat " + term(RiskCategory.HARASSMENT, RiskLevel.CRITICAL)), facts);
            assertThat(out.decision()).isEqualTo(SafetyDecision.HARD_DENY);
            assertThat(out.enforcementReason()).isEqualTo(EnforcementReason.CRISIS);
        }

        @Test
        void level2QuietHoursDelayInboundAndOutboundUntilSeven() {
            Instant late = Instant.parse("2026-11-27T23:30:00Z");
            var in = validator.validate(at(inbound("see you tomorrow"), late), FixedFacts.calm());
            assertThat(in.decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(in.enforcementReason()).isEqualTo(EnforcementReason.QUIET_HOURS);
            assertThat(in.delayUntil()).contains(Instant.parse("2026-11-28T07:00:00Z"));
            assertThat(in.originalBlocked()).isFalse();
            // issue 35: seed 002's "delay_or_block" delays an outbound message too (it was denied)
            var out = validator.validate(at(outbound("see you tomorrow"), late), FixedFacts.calm());
            assertThat(out.decision()).isEqualTo(SafetyDecision.DEFER);
            assertThat(out.decision().wire()).isEqualTo("delay");
            assertThat(out.enforcementReason()).isEqualTo(EnforcementReason.QUIET_HOURS);
            assertThat(out.delayUntil()).contains(Instant.parse("2026-11-28T07:00:00Z"));
            assertThat(out.originalBlocked()).isFalse();
            assertThat(out.safeOutput().messagePrimary()).isEqualTo("see you tomorrow");
            // content that must be denied is denied at night too: the more restrictive decision wins
            var threat = validator.validate(at(outbound("note " + term(RiskCategory.HARASSMENT, RiskLevel.HIGH)),
                    late), FixedFacts.calm());
            assertThat(threat.decision()).isEqualTo(SafetyDecision.HARD_DENY);
        }

        @Test
        void level3FrequencyLimitPerSourceIsFiveAnHour() {
            var fifth = validator.validate(inbound("hello again"), FixedFacts.calm().withMessagesLastHour(4));
            assertThat(fifth.decision()).isEqualTo(SafetyDecision.DELIVER);
            var sixth = validator.validate(inbound("hello again"), FixedFacts.calm().withMessagesLastHour(5));
            assertThat(sixth.decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(sixth.enforcementReason()).isEqualTo(EnforcementReason.REPEATED_CONTACT);
            assertThat(sixth.delayUntil()).contains(NOON.plusSeconds(3600));
            var out = validator.validate(outbound("hello again"), FixedFacts.calm().withMessagesLastHour(5));
            assertThat(out.decision()).isEqualTo(SafetyDecision.HARD_DENY);
            assertThat(out.enforcementReason()).isEqualTo(EnforcementReason.REPEATED_CONTACT);
        }

        @Test
        void level3NotificationLimitIsFiftyADay() {
            var fiftieth = validator.validate(inbound("hello"), FixedFacts.calm().withNotificationsLastDay(49));
            assertThat(fiftieth.decision()).isEqualTo(SafetyDecision.DELIVER);
            var over = validator.validate(inbound("hello"), FixedFacts.calm().withNotificationsLastDay(50));
            assertThat(over.decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(over.enforcementReason()).isEqualTo(EnforcementReason.NOTIFICATION_LIMIT);
            var out = validator.validate(outbound("hello"), FixedFacts.calm().withNotificationsLastDay(50));
            assertThat(out.decision()).isEqualTo(SafetyDecision.HARD_DENY);
            assertThat(out.enforcementReason()).isEqualTo(EnforcementReason.NOTIFICATION_LIMIT);
        }

        @Test
        void level4ContentFilteringAppliesTheMatrix() {
            var r = validator.validate(inbound("x " + term(RiskCategory.HARASSMENT, RiskLevel.MEDIUM)), FixedFacts.calm());
            assertThat(r.decision()).isEqualTo(SafetyDecision.SUMMARIZE);
            assertThat(r.enforcementReason()).isEqualTo(EnforcementReason.CONTENT_RISK);
            assertThat(r.riskCategories()).containsExactly(RiskCategory.HARASSMENT);
            assertThat(r.score(RiskCategory.HARASSMENT).level()).isEqualTo(RiskLevel.MEDIUM);
            assertThat(r.score(RiskCategory.HARASSMENT).count()).isEqualTo(1);
        }

        @Test
        void level5DefaultAllowPassesThrough() {
            var in = validator.validate(inbound("Lunch at one?"), FixedFacts.calm());
            assertThat(in.decision()).isEqualTo(SafetyDecision.DELIVER);
            assertThat(in.enforcementReason()).isEqualTo(EnforcementReason.NONE);
            assertThat(in.riskCategories()).isEmpty();
            assertThat(in.originalBlocked()).isFalse();
            assertThat(in.safeOutput().messagePrimary()).isEqualTo("Lunch at one?");
            assertThat(in.safeOutput().emotionalTone()).isEqualTo(EmotionalTone.NEUTRAL);
            var out = validator.validate(outbound("Lunch at one?"), FixedFacts.calm());
            assertThat(out.decision()).isEqualTo(SafetyDecision.ALLOW);
        }

        @Test
        void conflictsGoToTheMostRestrictiveAndTiesToTheEarlierLevel() {
            Instant late = Instant.parse("2026-11-27T23:30:00Z");
            var silenced = validator.validate(at(inbound("x " + term(RiskCategory.FINANCIAL_SCAM, RiskLevel.HIGH)), late),
                    FixedFacts.calm());
            assertThat(silenced.decision()).isEqualTo(SafetyDecision.SILENCE);
            assertThat(silenced.enforcementReason()).isEqualTo(EnforcementReason.CONTENT_RISK);
            var delayed = validator.validate(at(inbound("x " + term(RiskCategory.URGENCY_ABUSE, RiskLevel.MEDIUM)), late),
                    FixedFacts.calm().withMessagesLastHour(5));
            assertThat(delayed.decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(delayed.enforcementReason()).isEqualTo(EnforcementReason.QUIET_HOURS);
            var mixed = validator.validate(inbound(term(RiskCategory.URGENCY_ABUSE, RiskLevel.MEDIUM) + " "
                    + term(RiskCategory.SPAM_ESCALATION, RiskLevel.HIGH)), FixedFacts.calm());
            assertThat(mixed.decision()).isEqualTo(SafetyDecision.SILENCE);
            assertThat(mixed.riskCategories()).containsExactly(RiskCategory.URGENCY_ABUSE, RiskCategory.SPAM_ESCALATION);
        }
    }

    /** The seed's matrix as printed, one row per category (low, medium, high, critical). */
    static final List<List<String>> SEED_MATRIX = List.of(
            List.of("emotional_manipulation", "Monitor", "Rewrite", "Block", "Escalate"),
            List.of("urgency_abuse", "Allow", "Delay", "Block", "Block"),
            List.of("harassment", "Monitor", "Summarize", "Block", "Escalate"),
            List.of("financial_scam", "Monitor", "Block", "Block", "Escalate"),
            List.of("self_harm_triggers", "Escalate", "Escalate", "Escalate", "Escalate"),
            List.of("spam_escalation", "Allow", "Batch", "Silence", "Block"),
            List.of("information_overload", "Allow", "Batch", "Delay", "Silence"));

    /** ADR 0010's decision mapping, written out: seed word → inbound, outbound. */
    static SafetyDecision expected(String word, Direction d) {
        boolean in = d == Direction.IN;
        return switch (word) {
            case "Allow", "Monitor" -> in ? SafetyDecision.DELIVER : SafetyDecision.ALLOW;
            case "Rewrite", "Summarize" -> in ? SafetyDecision.SUMMARIZE : SafetyDecision.SOFT_REWRITE;
            case "Delay", "Batch" -> in ? SafetyDecision.DELAY : SafetyDecision.SOFT_REWRITE;
            case "Silence", "Block" -> in ? SafetyDecision.SILENCE : SafetyDecision.HARD_DENY;
            case "Escalate" -> in ? SafetyDecision.ESCALATE : SafetyDecision.HARD_DENY;
            default -> throw new IllegalArgumentException(word);
        };
    }

    static Stream<Arguments> everyCell() {
        List<Arguments> cells = new ArrayList<>();
        RiskLevel[] levels = {RiskLevel.LOW, RiskLevel.MEDIUM, RiskLevel.HIGH, RiskLevel.CRITICAL};
        for (List<String> row : SEED_MATRIX) {
            for (int i = 0; i < 4; i++) {
                for (Direction d : Direction.values()) {
                    cells.add(Arguments.of(RiskCategory.fromWire(row.get(0)), levels[i], row.get(i + 1), d));
                }
            }
        }
        return cells.stream();
    }

    @ParameterizedTest(name = "{0} {1} = {2} → {3}")
    @MethodSource("everyCell")
    void everyCellOfTheThresholdMatrix(RiskCategory category, RiskLevel level, String word, Direction direction) {
        String text = "note " + term(category, level);
        var request = direction == Direction.IN ? inbound(text) : outbound(text);
        var r = validator.validate(request, FixedFacts.calm());
        assertThat(r.score(category).level()).isEqualTo(level);
        // Issue 35: one's own harassment is denied, never summarised into a shorter insult or threat
        boolean ownHarassment = category == RiskCategory.HARASSMENT && word.equals("Summarize")
                && direction == Direction.OUT;
        assertThat(r.decision()).isEqualTo(ownHarassment ? SafetyDecision.HARD_DENY : expected(word, direction));
        EnforcementReason reason = word.equals("Escalate") ? EnforcementReason.CRISIS
                : r.decision().passes() ? EnforcementReason.NONE : EnforcementReason.CONTENT_RISK;
        assertThat(r.enforcementReason()).isEqualTo(reason);
        if (r.decision().passes()) {
            assertThat(r.riskCategories()).doesNotContain(category);
        } else {
            assertThat(r.riskCategories()).contains(category);
        }
        if (r.decision() == SafetyDecision.DELAY) {
            // Delay holds for delay_minutes; Batch waits for the next work hours (now: it is noon, so the delay).
            assertThat(r.delayUntil()).contains(NOON.plusSeconds(3600));
        }
    }

    @Test
    void everyMatrixWordMapsAsTheAdrSays() {
        for (MatrixAction a : MatrixAction.values()) {
            String word = a.name().charAt(0) + a.name().substring(1).toLowerCase();
            for (Direction d : Direction.values()) {
                assertThat(a.decision(d)).as(word + " " + d).isEqualTo(expected(word, d));
            }
        }
    }

    @Nested
    class DecisionMapping {
        @Test
        void unknownContentIsSummarizedInboundAndRewrittenOutbound() {
            var in = validator.validate(inbound(null), FixedFacts.calm());
            assertThat(in.decision()).isEqualTo(SafetyDecision.SUMMARIZE);
            assertThat(in.enforcementReason()).isEqualTo(EnforcementReason.UNKNOWN_CONTENT);
            var out = validator.validate(outbound(null), FixedFacts.calm());
            assertThat(out.decision()).isEqualTo(SafetyDecision.SOFT_REWRITE);
        }

        @Test
        void batchWaitsForTheNextWorkHours() {
            Instant evening = Instant.parse("2026-11-27T18:00:00Z");
            var r = validator.validate(at(inbound("x " + term(RiskCategory.SPAM_ESCALATION, RiskLevel.MEDIUM)), evening),
                    FixedFacts.calm());
            assertThat(r.decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(r.delayUntil()).contains(Instant.parse("2026-11-28T09:00:00Z"));
        }

        /**
         * The cells a first contact touches (ADR 0010): money and pressure from a stranger are raised one level only
         * when already at medium or above; a low one (Monitor / Allow) stays as it is. Rows: category, level,
         * inbound known, inbound stranger, outbound known, outbound stranger.
         */
        @ParameterizedTest(name = "{0} {1}: known {2}/{4}, stranger {3}/{5}")
        @CsvSource({
                "FINANCIAL_SCAM, LOW,      DELIVER,  DELIVER,  ALLOW,     ALLOW",
                "FINANCIAL_SCAM, MEDIUM,   SILENCE,  SILENCE,  HARD_DENY, HARD_DENY",
                "FINANCIAL_SCAM, HIGH,     SILENCE,  ESCALATE, HARD_DENY, HARD_DENY",
                "FINANCIAL_SCAM, CRITICAL, ESCALATE, ESCALATE, HARD_DENY, HARD_DENY",
                "URGENCY_ABUSE,  LOW,      DELIVER,  DELIVER,  ALLOW,     ALLOW",
                "URGENCY_ABUSE,  MEDIUM,   DELAY,    SILENCE,  SOFT_REWRITE, HARD_DENY",
                "URGENCY_ABUSE,  HIGH,     SILENCE,  SILENCE,  HARD_DENY, HARD_DENY",
                "URGENCY_ABUSE,  CRITICAL, SILENCE,  SILENCE,  HARD_DENY, HARD_DENY",
        })
        void aFirstContactRaisesMoneyAndPressureOnlyFromMedium(RiskCategory category, RiskLevel level,
                                                               SafetyDecision inKnown, SafetyDecision inStranger,
                                                               SafetyDecision outKnown, SafetyDecision outStranger) {
            String text = "x " + term(category, level);
            var stranger = FixedFacts.calm().withHistory(ContactHistory.FIRST_CONTACT);
            assertThat(validator.validate(inbound(text), FixedFacts.calm()).decision()).isEqualTo(inKnown);
            var in = validator.validate(inbound(text), stranger);
            assertThat(in.decision()).isEqualTo(inStranger);
            assertThat(in.score(category).level())
                    .isEqualTo(level.atLeast(RiskLevel.MEDIUM) ? level.raised() : level);
            assertThat(validator.validate(outbound(text), FixedFacts.calm()).decision()).isEqualTo(outKnown);
            assertThat(validator.validate(outbound(text), stranger).decision()).isEqualTo(outStranger);
        }

        @Test
        void aFirstContactLeavesTheOtherCategoriesAlone() {
            var stranger = FixedFacts.calm().withHistory(ContactHistory.FIRST_CONTACT);
            for (RiskCategory c : List.of(RiskCategory.HARASSMENT, RiskCategory.EMOTIONAL_MANIPULATION,
                    RiskCategory.SPAM_ESCALATION, RiskCategory.INFORMATION_OVERLOAD)) {
                var r = validator.validate(inbound("x " + term(c, RiskLevel.MEDIUM)), stranger);
                assertThat(r.score(c).level()).as(c.wire()).isEqualTo(RiskLevel.MEDIUM);
            }
        }
    }

    @Nested
    class QuietHours {
        SafetyResult at(String instant, List<ZoneId> zones) {
            return validator.validate(SafetyValidatorTest.at(inbound("good night"), Instant.parse(instant)),
                    FixedFacts.calm().withZones(zones));
        }

        @Test
        void aRecipientQuietHoursDoNotProtectIsNeverInThemWhateverTheZones() {
            Instant threeAm = Instant.parse("2026-11-27T03:00:00Z");
            var request = SafetyValidatorTest.at(inbound("good night"), threeAm);
            assertThat(validator.validate(request, FixedFacts.calm()).decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(validator.validate(request, FixedFacts.calm().withZones(List.of())).enforcementReason())
                    .as("unknown zone: the most restrictive reading").isEqualTo(EnforcementReason.QUIET_HOURS);
            var team = validator.validate(request, FixedFacts.calm().withZones(List.of()).withoutQuietHours());
            assertThat(team.decision()).isEqualTo(SafetyDecision.DELIVER);
            // a batched message for such a recipient waits delay_minutes, not for the next work hours
            var batched = validator.validate(SafetyValidatorTest.at(
                    inbound("x " + term(RiskCategory.SPAM_ESCALATION, RiskLevel.MEDIUM)), threeAm),
                    FixedFacts.calm().withoutQuietHours());
            assertThat(batched.decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(batched.delayUntil()).contains(threeAm.plus(java.time.Duration.ofMinutes(60)));
        }

        @Test
        void theWindowRunsFromTenPmToSevenAmAcrossMidnight() {
            var london = List.of(FixedFacts.LONDON);
            assertThat(at("2026-11-27T21:59:59Z", london).decision()).isEqualTo(SafetyDecision.DELIVER);
            assertThat(at("2026-11-27T22:00:00Z", london).delayUntil()).contains(Instant.parse("2026-11-28T07:00:00Z"));
            assertThat(at("2026-11-28T00:00:00Z", london).delayUntil()).contains(Instant.parse("2026-11-28T07:00:00Z"));
            assertThat(at("2026-11-28T06:59:59Z", london).delayUntil()).contains(Instant.parse("2026-11-28T07:00:00Z"));
            assertThat(at("2026-11-28T07:00:00Z", london).decision()).isEqualTo(SafetyDecision.DELIVER);
        }

        @Test
        void theEndIsSevenLocalTimeAcrossADstChange() {
            var london = List.of(FixedFacts.LONDON);
            // Spring: 29 March 2026 the clocks go from 01:00 GMT to 02:00 BST; 07:00 BST is 06:00 UTC.
            assertThat(at("2026-03-29T00:30:00Z", london).delayUntil()).contains(Instant.parse("2026-03-29T06:00:00Z"));
            assertThat(at("2026-03-29T06:00:00Z", london).decision()).isEqualTo(SafetyDecision.DELIVER);
            // Autumn: 25 October 2026 the clocks go back from 02:00 BST to 01:00 GMT; 07:00 GMT is 07:00 UTC.
            assertThat(at("2026-10-24T23:30:00Z", london).delayUntil()).contains(Instant.parse("2026-10-25T07:00:00Z"));
            assertThat(at("2026-10-24T20:59:00Z", london).decision()).isEqualTo(SafetyDecision.DELIVER);
            assertThat(at("2026-10-24T21:00:00Z", london).decision()).isEqualTo(SafetyDecision.DELAY);
        }

        @Test
        void everyZoneOfTheRecipientMustBeOutsideTheWindow() {
            var us = List.of(ZoneId.of("America/New_York"), ZoneId.of("America/Los_Angeles"));
            // 13:00 UTC: 08:00 in New York, 05:00 in Los Angeles, so still quiet until 07:00 there (15:00 UTC).
            var r = at("2026-11-27T13:00:00Z", us);
            assertThat(r.decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(r.delayUntil()).contains(Instant.parse("2026-11-27T15:00:00Z"));
            assertThat(at("2026-11-27T15:00:00Z", us).decision()).isEqualTo(SafetyDecision.DELIVER);
        }

        @Test
        void anUnknownZoneIsTheMostRestrictive() {
            var r = at("2026-11-27T12:00:00Z", List.of());
            assertThat(r.decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(r.enforcementReason()).isEqualTo(EnforcementReason.QUIET_HOURS);
            assertThat(r.delayUntil()).contains(Instant.parse("2026-11-27T21:00:00Z"));
        }
    }

    @Nested
    class Escalation {
        String medium = "x " + term(RiskCategory.EMOTIONAL_MANIPULATION, RiskLevel.MEDIUM);

        @Test
        void riskRisingOverTheLastThreeMessagesRaisesEveryCategoryOneLevel() {
            var r = validator.validate(inbound(medium), FixedFacts.calm().withRecent(List.of(RiskLevel.LOW, RiskLevel.LOW)));
            assertThat(r.score(RiskCategory.EMOTIONAL_MANIPULATION).level()).isEqualTo(RiskLevel.HIGH);
            assertThat(r.decision()).isEqualTo(SafetyDecision.SILENCE);
            assertThat(r.enforcementReason()).isEqualTo(EnforcementReason.EMOTIONAL_ESCALATION);
        }

        @Test
        void flatFallingOrInterruptedRiskIsNoEscalation() {
            for (var recent : List.of(List.of(RiskLevel.MEDIUM, RiskLevel.MEDIUM), List.of(RiskLevel.HIGH, RiskLevel.LOW),
                    List.of(RiskLevel.NONE, RiskLevel.LOW), List.of(RiskLevel.LOW))) {
                var r = validator.validate(inbound(medium), FixedFacts.calm().withRecent(recent));
                assertThat(r.decision()).as(recent.toString()).isEqualTo(SafetyDecision.SUMMARIZE);
                assertThat(r.enforcementReason()).isEqualTo(EnforcementReason.CONTENT_RISK);
            }
        }

        @Test
        void theInMemoryFactsFeedEscalationFromTheConversation() {
            var facts = new InMemoryBehaviourFacts(ZoneLookup.UNKNOWN);
            var calm = FixedFacts.calm();
            // two rising messages recorded, the third is raised
            SafetyResult last = null;
            for (RiskLevel level : List.of(RiskLevel.LOW, RiskLevel.MEDIUM, RiskLevel.HIGH)) {
                var req = inbound("x " + term(RiskCategory.EMOTIONAL_MANIPULATION, level));
                last = validator.validate(req, new Delegating(facts, calm));
                facts.record(req, last);
            }
            assertThat(last.enforcementReason()).isEqualTo(EnforcementReason.CRISIS);
            assertThat(last.score(RiskCategory.EMOTIONAL_MANIPULATION).level()).isEqualTo(RiskLevel.CRITICAL);
        }
    }

    /** Escalation from the in-memory facts, everything else calm; without them (null), a store that is down. */
    record Delegating(InMemoryBehaviourFacts memory, FixedFacts calm) implements BehaviourFacts {
        public int messagesLastHour(String s, String r, Instant at) {
            if (memory == null) throw new IllegalStateException("store down");
            return calm.messagesLastHour(s, r, at);
        }

        public int notificationsLastDay(String r, Instant at) {
            return calm.notificationsLastDay(r, at);
        }

        public ContactHistory contactHistory(String s, String r) {
            return ContactHistory.KNOWN;
        }

        public List<ZoneId> recipientZones(String r, String c) {
            return calm.zones();
        }

        public List<RiskLevel> recentRiskLevels(String conversation, int limit) {
            if (memory == null) throw new IllegalStateException("store down");
            return memory.recentRiskLevels(conversation, limit);
        }
    }

    @Nested
    class FailSafe {
        final List<String> failures = new ArrayList<>();
        final SafetyValidator listening = new SafetyValidator(TestPolicies.levels(), new ManualClock(NOON),
                (traceId, e) -> failures.add(traceId + " " + e.getClass().getSimpleName()));
        final BehaviourFacts broken = new Delegating(null, FixedFacts.calm());

        @Test
        void anExceptionInsideDelaysInboundAndTellsTheListenerTheTraceIdOnly() {
            var r = listening.validate(inbound("hello"), broken);
            assertThat(r.failSafe()).isTrue();
            assertThat(r.decision()).isEqualTo(SafetyDecision.DELAY);
            assertThat(r.enforcementReason()).isEqualTo(EnforcementReason.FAIL_SAFE);
            assertThat(r.delayUntil()).contains(NOON.plusSeconds(3600));
            assertThat(r.originalBlocked()).isTrue();
            assertThat(r.safeOutput().messagePrimary()).doesNotContain("hello");
            assertThat(failures).containsExactly(r.traceId() + " IllegalStateException");
        }

        @Test
        void anExceptionInsideHoldsOutboundForReview() {
            var r = listening.validate(outbound("hello"), broken);
            assertThat(r.failSafe()).isTrue();
            assertThat(r.decision()).isEqualTo(SafetyDecision.HARD_DENY);
            assertThat(r.enforcementReason()).isEqualTo(EnforcementReason.FAIL_SAFE);
        }
    }

    @Nested
    class TraceIds {
        @Test
        void theSameInputAndPolicyGiveTheSameId() {
            var a = validator.validate(inbound("hello"), FixedFacts.calm());
            var b = new SafetyValidator(TestPolicies.levels(), new ManualClock(NOON.plusSeconds(99)),
                    ValidationFailureListener.IGNORE).validate(inbound("hello"), FixedFacts.calm().withMessagesLastHour(2));
            assertThat(a.traceId()).hasSize(32).isEqualTo(b.traceId());
        }

        @Test
        void anyChangeOfContentPartiesTimeOrPolicyChangesIt() {
            String base = validator.validate(inbound("hello"), FixedFacts.calm()).traceId();
            assertThat(validator.validate(inbound("hello!"), FixedFacts.calm()).traceId()).isNotEqualTo(base);
            assertThat(validator.validate(outbound("hello"), FixedFacts.calm()).traceId()).isNotEqualTo(base);
            assertThat(validator.validate(at(inbound("hello"), NOON.plusSeconds(1)), FixedFacts.calm()).traceId())
                    .isNotEqualTo(base);
            var other = SafetyPolicy.compile(TestPolicies.levels().rules(),
                    new dev.parley.adapter.alerts.LinearTimeTermFinderCompiler(), "other-version");
            assertThat(new SafetyValidator(other, new ManualClock(NOON), ValidationFailureListener.IGNORE)
                    .validate(inbound("hello"), FixedFacts.calm()).traceId()).isNotEqualTo(base);
        }

        @Test
        void theResultKeepsAHashOfTheContentNeverTheContent() {
            var r = validator.validate(inbound("hello"), FixedFacts.calm());
            assertThat(r.contentSha256())
                    .isEqualTo("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
            assertThat(r.policyVersion()).isEqualTo("test-levels");
        }
    }
}
