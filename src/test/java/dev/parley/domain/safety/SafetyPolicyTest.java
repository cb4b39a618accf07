package dev.parley.domain.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The policy remembers recent texts' hits: a text met again gets its own hits back, never another text's. */
class SafetyPolicyTest {
    @Test
    void aRememberedTextGetsItsOwnHitsAndNoOneCanChangeThem() {
        var policy = TestPolicies.levels();
        var harassment = "well " + TestPolicies.term(RiskCategory.HARASSMENT, RiskLevel.HIGH) + " then";
        var scam = TestPolicies.term(RiskCategory.FINANCIAL_SCAM, RiskLevel.LOW) + " now";
        var first = policy.find(harassment);
        assertThat(first).extracting(h -> h.entry().category()).containsOnly(RiskCategory.HARASSMENT);
        assertThat(first).extracting(h -> h.hit().start()).containsOnly(5);
        assertThat(policy.find(scam)).extracting(h -> h.entry().category()).containsOnly(RiskCategory.FINANCIAL_SCAM);
        assertThat(policy.find(harassment)).isEqualTo(first);
        assertThat(policy.find("nothing to see")).isEmpty();
        assertThatThrownBy(() -> first.clear()).isInstanceOf(UnsupportedOperationException.class);
        // past the remembered length the text is searched afresh, with the same answer
        var longText = "x ".repeat(600) + harassment;
        assertThat(policy.find(longText)).extracting(h -> h.entry().category()).containsOnly(RiskCategory.HARASSMENT);
    }
}
