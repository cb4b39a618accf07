package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 003's Verification Plan: property resolution in the orchestrator. */
class PropertyReferenceResolverTest {
    private final MessageInterpreter interpreter = new MessageInterpreter(TestPlaces.shipped());
    private static final PresentedMatch COMMERCE = new PresentedMatch(11, 1, "Commerce Twp", 18000,
            new BigDecimal("1.15"), null);
    private static final PresentedMatch PONTIAC = new PresentedMatch(12, 2, "Pontiac", 12500, new BigDecimal("0.95"),
            LocalDate.of(2025, 3, 1));
    private static final PresentedMatch PONTIAC_2 = new PresentedMatch(13, 3, "Pontiac", 20000,
            new BigDecimal("0.95"), null);
    private static final List<PresentedMatch> TWO = List.of(COMMERCE, PONTIAC);

    private ReferenceResolution resolve(String text, List<PresentedMatch> presented) {
        return PropertyReferenceResolver.resolve(interpreter.interpret(text), presented);
    }

    @Test
    void optionTwoIsTheSecondPresentedMatch() {
        var r = resolve("option 2", TWO);
        assertThat(r.kind()).isEqualTo(ReferenceResolution.Kind.POSITIONAL);
        assertThat(r.resolved()).contains(PONTIAC);
        assertThat(resolve("the first one", TWO).resolved()).contains(COMMERCE);
        assertThat(resolve("#3", TWO).resolved()).isEmpty();
    }

    @Test
    void theCheapestSortsByRate() {
        var r = resolve("the cheapest", TWO);
        assertThat(r.kind()).isEqualTo(ReferenceResolution.Kind.ATTRIBUTE);
        assertThat(r.resolved()).contains(PONTIAC);
        assertThat(resolve("the biggest one", TWO).resolved()).contains(COMMERCE);
        assertThat(resolve("which is available soonest?", TWO).resolved()).contains(COMMERCE);
    }

    @Test
    void theCommerceOneMatchesByCity() {
        var r = resolve("Tell me more about the Commerce one", TWO);
        assertThat(r.kind()).isEqualTo(ReferenceResolution.Kind.CITY);
        assertThat(r.resolved()).contains(COMMERCE);
        assertThat(resolve("what about Pontiac?", TWO).resolved()).contains(PONTIAC);
    }

    @Test
    void ambiguousReferencesReturnCandidates() {
        var r = resolve("the Pontiac one", List.of(COMMERCE, PONTIAC, PONTIAC_2));
        assertThat(r.ambiguous()).isTrue();
        assertThat(r.candidates()).containsExactly(PONTIAC, PONTIAC_2);
        var tie = resolve("the cheapest", List.of(COMMERCE, PONTIAC, PONTIAC_2));
        assertThat(tie.ambiguous()).isTrue();
        assertThat(tie.candidates()).containsExactly(PONTIAC, PONTIAC_2);
    }

    @Test
    void nothingToResolveAgainst() {
        assertThat(resolve("option 2", List.of())).isEqualTo(ReferenceResolution.NONE);
        assertThat(resolve("hello", TWO)).isEqualTo(ReferenceResolution.NONE);
    }
}
