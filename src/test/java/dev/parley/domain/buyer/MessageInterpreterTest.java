package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Seed 003's Verification Plan: the Message Interpreter's extraction of every entity type. */
class MessageInterpreterTest {
    private final MessageInterpreter interpreter = new MessageInterpreter(TestPlaces.shipped());

    private MessageInterpretation read(String text) {
        return interpreter.interpret(text);
    }

    @Test
    void citiesFromTheKnownCityListWithTheirStateAndMetro() {
        var i = read("Hey I need about 15k sqft of warehouse space near Detroit for storing auto parts.");
        assertThat(i.cities()).extracting(m -> m.place().city()).containsExactly("Detroit");
        assertThat(i.cities().getFirst().place().state()).isEqualTo("MI");
        assertThat(read("anything in Commerce Twp?").cities().getFirst().place().metro()).isEqualTo("Detroit");
        assertThat(read("Looking in Fort Worth, TX").cities().getFirst().place().state()).isEqualTo("TX");
    }

    @Test
    void aCityThatIsACommonWordOnlyWhenCapitalised() {
        assertThat(read("Tell me more about the Commerce one").cities()).extracting(m -> m.place().city())
                .containsExactly("Commerce");
        assertThat(read("ecommerce fulfillment near spring break").cities()).isEmpty();
        assertThat(read("space in Spring, TX").cities()).extracting(m -> m.place().city()).containsExactly("Spring");
    }

    @Test
    void statesByNameOrByCodeAfterAComma() {
        assertThat(read("somewhere in Texas or Ohio").states()).containsExactly("TX", "OH");
        assertThat(read("Detroit, MI please").states()).containsExactly("MI");
        assertThat(read("hey, ok I need space").states()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "I need 5000 sqft|5000",
            "about 70k SF near Dallas|70000",
            "10,000 square feet please|10000",
            "Around 30k, ecommerce fulfillment|30000",
            "roughly 12,500 sq ft|12500",
            "need 2.5k sq. ft.|2500",
            "something like 45000 sf|45000",
            "at least 8000 square foot|8000"})
    void sizes(String text, int sqft) {
        assertThat(read(text).sizes()).containsExactly(sqft);
    }

    @Test
    void ratesHeightsAndTimesAreNoSizes() {
        assertThat(read("~$1.15/sqft is fine, 24ft clear, at 2pm").sizes()).isEmpty();
        assertThat(read("we have 3 trucks and 12 people").sizes()).isEmpty();
    }

    @Test
    void topicsAndFeatures() {
        var i = read("What about power? Does it have dock doors, an office and a forklift?");
        assertThat(i.topics()).contains(Topic.POWER, Topic.DOCK_DOORS, Topic.OFFICE, Topic.FORKLIFT);
        assertThat(read("Can trucks park overnight there?").topics()).containsExactly(Topic.OVERNIGHT_PARKING);
        assertThat(read("Need dock doors and office, 24/7 access, hazmat ok").features())
                .contains("dock doors", "office", "24/7 access", "hazmat");
        assertThat(read("ceiling height?").topics()).containsExactly(Topic.CEILING_HEIGHT);
    }

    @Test
    void emailsDatesAndTimes() {
        var i = read("I'm Sarah, sarah@acmecorp.com. Thursday morning or March 5 2pm works");
        assertThat(i.emails()).containsExactly("sarah@acmecorp.com");
        assertThat(i.dates()).contains("Thursday morning", "March 5 2pm");
        assertThat(read("Need it by April.").timing()).isEqualTo("April");
        assertThat(read("need it asap").timing()).isEqualTo("now");
        assertThat(read("You may call me").dates()).isEmpty();
    }

    @Test
    void actionKeywords() {
        assertThat(read("Yeah let's do it").actions()).contains("yes", "book");
        assertThat(read("Can I tour it Thursday?").actions()).contains("tour");
        assertThat(read("I'll pass on both").actions()).contains("pass");
        assertThat(read("What were the other options?").actions()).contains("options");
    }

    @Test
    void namesNeedACapitalAndAreNotStatesOfMind() {
        assertThat(read("Hi, my name is Sarah Jones").names()).containsExactly("Sarah Jones");
        assertThat(read("I'm Dana, dana@acme.com").names()).containsExactly("Dana");
        assertThat(read("I'm Looking for space").names()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "option 2|2", "#1 please|1", "the first one|1", "I like the second option|2", "the last one|-1",
            "number 3|3"})
    void positionalReferences(String text, int position) {
        assertThat(read(text).positions()).containsExactly(position);
    }

    @Test
    void attributeReferences() {
        assertThat(read("the cheapest one").attributes()).containsExactly("cheapest");
        assertThat(read("what's the biggest?").attributes()).containsExactly("largest");
    }

    @Test
    void criteriaOfOneMessage() {
        var c = read("Hey I need about 15k sqft of warehouse space near Detroit for storing auto parts. "
                + "Need it by April.").criteria();
        assertThat(c).isEqualTo(new Criteria("Detroit", "MI", 15000, "storage", "auto parts", "April", null,
                java.util.List.of()));
        var houston = read("Around 30k, ecommerce fulfillment. Need dock doors and office.").criteria();
        assertThat(houston.useType()).isEqualTo("ecommerce fulfillment");
        assertThat(houston.features()).containsExactly("dock doors", "office");
        assertThat(read("Actually I think I need cold storage instead").criteria().useType()).isEqualTo("cold storage");
    }

    @Test
    void queryTypes() {
        assertThat(read("Looking for warehouse space in Houston").queryType())
                .isEqualTo(MessageInterpretation.QueryType.SEARCH);
        assertThat(read("Does it have sprinklers?").queryType())
                .isEqualTo(MessageInterpretation.QueryType.PROPERTY_LOOKUP);
        assertThat(read("option 2").queryType()).isEqualTo(MessageInterpretation.QueryType.PROPERTY_LOOKUP);
        assertThat(read("Can we schedule a tour?").queryType()).isEqualTo(MessageInterpretation.QueryType.BOOKING);
        assertThat(read("thanks!").queryType()).isEqualTo(MessageInterpretation.QueryType.GENERAL);
        assertThat(read("Hi there").greeting()).isTrue();
        assertThat(read("hello").greeting()).isTrue();
        assertThat(read("hello, need 5000 sqft in Denver").greeting()).isFalse();
    }
}
