package dev.parley.application.playbook.buyer.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonMappers;
import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.buyer.CriteriaPlan;
import dev.parley.domain.buyer.Intent;
import dev.parley.domain.buyer.MessageInterpreter;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.PlanAction;
import dev.parley.domain.buyer.PresentedMatch;
import dev.parley.domain.buyer.PropertyReferenceResolver;
import dev.parley.domain.buyer.TestPlaces;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 003's Verification Plan: the Criteria Agent's eight intents, its JSON, facility matching by name/attribute. */
class OfflineCriteriaAgentTest {
    private final MessageInterpreter interpreter = new MessageInterpreter(TestPlaces.shipped());
    private final OfflineCriteriaAgent agent = new OfflineCriteriaAgent();
    private static final MatchView COMMERCE = new MatchView(1, 11, 1, "Commerce Twp", 18000, "dock doors",
            "available now", new BigDecimal("1.15"));
    private static final MatchView PONTIAC = new MatchView(2, 12, 2, "Pontiac", 12500, "drive-in access",
            "March 1", new BigDecimal("0.95"));
    private static final Criteria DETROIT = new Criteria("Detroit", "MI", 15000, "storage", "auto parts", "April",
            null, List.of());

    private CriteriaPlan plan(String text, Criteria known, List<MatchView> presented, MatchView focused,
                              boolean offeredTour) {
        var i = interpreter.interpret(text);
        var reference = PropertyReferenceResolver.resolve(i, presented.stream()
                .map(m -> new PresentedMatch(m.listingId(), m.propertyId(), m.city(), m.sqft(), m.rate(), null))
                .toList());
        var phase = focused != null ? Phase.PROPERTY_FOCUSED : presented.isEmpty() ? Phase.INTAKE : Phase.PRESENTING;
        return agent.plan(new CriteriaContext(text, i, reference, phase, known, 0, presented, focused, List.of(),
                offeredTour, new Prompt("", "")));
    }

    private CriteriaPlan fresh(String text) {
        return plan(text, Criteria.EMPTY, List.of(), null, false);
    }

    @Test
    void newSearch() {
        var p = fresh("Hey I need about 15k sqft of warehouse space near Detroit for storing auto parts.");
        assertThat(p.intent()).isEqualTo(Intent.NEW_SEARCH);
        assertThat(p.action()).isEqualTo(PlanAction.SEARCH);
        assertThat(p.criteria().location()).isEqualTo("Detroit");
        var partial = fresh("Looking for warehouse space in Houston");
        assertThat(partial.intent()).isEqualTo(Intent.NEW_SEARCH);
        assertThat(partial.action()).isEqualTo(PlanAction.CLARIFY);
    }

    @Test
    void refineSearch() {
        var p = plan("Actually I think I need cold storage instead", DETROIT, List.of(COMMERCE, PONTIAC), null, false);
        assertThat(p.intent()).isEqualTo(Intent.REFINE_SEARCH);
        assertThat(p.action()).isEqualTo(PlanAction.SEARCH);
        assertThat(p.criteria().useType()).isEqualTo("cold storage");
        var others = plan("What were the other options?", DETROIT, List.of(COMMERCE, PONTIAC), COMMERCE, false);
        assertThat(others.intent()).isEqualTo(Intent.REFINE_SEARCH);
        assertThat(others.criteria().isEmpty()).isTrue();
    }

    @Test
    void facilityInfoByNameAndByAttribute() {
        var byName = plan("Tell me more about the Commerce one", DETROIT, List.of(COMMERCE, PONTIAC), null, false);
        assertThat(byName.intent()).isEqualTo(Intent.FACILITY_INFO);
        assertThat(byName.action()).isEqualTo(PlanAction.LOOKUP);
        assertThat(byName.listingId()).isEqualTo(11);
        assertThat(byName.criteria().isEmpty()).as("a match's city is a reference, not a new location").isTrue();
        var byAttribute = plan("the cheapest one - does it have 24/7 access?", DETROIT, List.of(COMMERCE, PONTIAC),
                null, false);
        assertThat(byAttribute.listingId()).isEqualTo(12);
        assertThat(byAttribute.askedFields()).containsExactly("hours_24h");
        var focused = plan("What about power? We run heavy conveyors", DETROIT, List.of(COMMERCE, PONTIAC), COMMERCE,
                false);
        assertThat(focused.action()).isEqualTo(PlanAction.LOOKUP);
        assertThat(focused.askedFields()).containsExactly("power");
        var unmappable = plan("Is subleasing allowed?", DETROIT, List.of(COMMERCE), COMMERCE, false);
        assertThat(unmappable.action()).isEqualTo(PlanAction.ASK_OWNER);
        var which = plan("does it have sprinklers?", DETROIT, List.of(COMMERCE, PONTIAC), null, false);
        assertThat(which.action()).isEqualTo(PlanAction.CLARIFY);
    }

    @Test
    void tourRequest() {
        var p = plan("Yeah let's do it", DETROIT, List.of(COMMERCE, PONTIAC), COMMERCE, true);
        assertThat(p.intent()).isEqualTo(Intent.TOUR_REQUEST);
        assertThat(p.action()).isEqualTo(PlanAction.SCHEDULE_TOUR);
        assertThat(plan("Can I tour the Pontiac one Thursday morning?", DETROIT, List.of(COMMERCE, PONTIAC), null,
                false).listingId()).isEqualTo(12);
    }

    @Test
    void commitment() {
        var p = plan("I'll take it, book it", DETROIT, List.of(COMMERCE), COMMERCE, false);
        assertThat(p.intent()).isEqualTo(Intent.COMMITMENT);
        assertThat(p.action()).isEqualTo(PlanAction.COMMITMENT_HANDOFF);
    }

    @Test
    void provideInfo() {
        var p = plan("Sure, it's Sarah Jones, sarah@acmecorp.com", DETROIT, List.of(COMMERCE), COMMERCE, false);
        assertThat(p.intent()).isEqualTo(Intent.PROVIDE_INFO);
        assertThat(p.action()).isEqualTo(PlanAction.COLLECT_INFO);
        assertThat(p.buyerName()).isEqualTo("Sarah Jones");
    }

    @Test
    void greetingAndUnknown() {
        assertThat(fresh("hello!").intent()).isEqualTo(Intent.GREETING);
        assertThat(fresh("hello!").action()).isEqualTo(PlanAction.RESPOND);
        assertThat(fresh("what is the meaning of life").intent()).isEqualTo(Intent.UNKNOWN);
    }

    @Test
    void jsonOnlyAndReadBack() throws Exception {
        var p = fresh("Hey I need about 15k sqft of warehouse space near Detroit for storing auto parts.");
        var json = PlanJson.write(p);
        var node = JsonMappers.PLAIN.readTree(json);
        assertThat(node.get("intent").asText()).isEqualTo("new_search");
        assertThat(node.get("action").asText()).isEqualTo("search");
        assertThat(node.get("criteria").get("sqft").asInt()).isEqualTo(15000);
        assertThat(PlanJson.read(node, List.of())).isEqualTo(p);
    }

    @Test
    void invalidJsonIsRefused() throws Exception {
        var mapper = JsonMappers.PLAIN;
        for (var bad : List.of("{\"intent\":\"buy_now\",\"action\":\"search\"}",
                "{\"intent\":\"new_search\"}",
                "{\"intent\":\"facility_info\",\"action\":\"lookup\",\"asked_fields\":[\"wifi\"]}",
                "{\"intent\":\"facility_info\",\"action\":\"lookup\",\"listing_id\":99}",
                "{\"intent\":\"new_search\",\"action\":\"search\",\"criteria\":{\"sqft\":\"lots\"}}")) {
            var node = mapper.readTree(bad);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> PlanJson.read(node, List.of(11L)))
                    .as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
