package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Seed 003: readiness is computed deterministically, 0.4/0.3/0.2 + 0.1 per extra, capped at 1.0; search from 0.6. */
class CriteriaReadinessTest {

    @ParameterizedTest(name = "location={0} sqft={1} use={2} goods={3} timing={4} duration={5} features={6} -> {7}")
    @CsvSource(nullValues = "-", value = {
            "-,-,-,-,-,-,-,0.0",
            "Houston,-,-,-,-,-,-,0.4",
            "-,30000,-,-,-,-,-,0.3",
            "-,-,storage,-,-,-,-,0.2",
            "Houston,30000,-,-,-,-,-,0.7",
            "Houston,-,storage,-,-,-,-,0.6",
            "-,30000,storage,-,-,-,-,0.5",
            "-,30000,storage,auto parts,-,-,-,0.6",
            "Detroit,15000,storage,auto parts,April,-,-,1.0",
            "Detroit,15000,storage,auto parts,April,6 months,dock doors,1.0",
            "Houston,-,-,auto parts,April,-,-,0.6"})
    void scores(String location, Integer sqft, String use, String goods, String timing, String duration,
                String feature, double expected) {
        var c = new Criteria(location, null, sqft, use, goods, timing, duration,
                feature == null ? List.of() : List.of(feature));
        assertThat(CriteriaReadiness.of(c)).isEqualTo(expected);
        assertThat(CriteriaReadiness.readyToSearch(c)).isEqualTo(expected >= 0.6);
    }

    @Test
    void thresholdIsTheSeeds() {
        assertThat(CriteriaReadiness.SEARCH_THRESHOLD).isEqualTo(0.6);
    }
}
