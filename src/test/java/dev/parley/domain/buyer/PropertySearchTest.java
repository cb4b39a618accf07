package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.Field;
import dev.parley.domain.catalog.Listing;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.catalog.PropertyKnowledge;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class PropertySearchTest {
    private static final LocalDate TODAY = LocalDate.of(2025, 2, 10);

    private static CatalogEntry entry(long id, String city, String metro, int sqft, String rate, LocalDate from,
                                      List<String> uses, PropertyKnowledge k) {
        var p = new Property(id, "P-" + id, "Property " + id, null, city, metro.equals("Houston") ? "TX" : "MI", metro,
                null, uses, null, null, null, true);
        return new CatalogEntry(p, new Listing(id * 10, id, sqft, new BigDecimal(rate), from, null, null, null, true),
                k.withPropertyId(id));
    }

    private static PropertyKnowledge docks(Integer docks, Boolean office) {
        return new PropertyKnowledge(0, null, docks, null, null, office, null, null, null, null, null, null, null);
    }

    private static final CatalogEntry COMMERCE = entry(1, "Commerce Twp", "Detroit", 18000, "1.15", null,
            List.of("storage"), docks(4, null));
    private static final CatalogEntry PONTIAC = entry(2, "Pontiac", "Detroit", 12500, "0.95",
            LocalDate.of(2025, 3, 1), List.of("storage"), docks(0, true));
    private static final CatalogEntry ROMULUS = entry(3, "Romulus", "Detroit", 60000, "0.89", null,
            List.of("storage"), docks(12, true));
    private static final CatalogEntry HOUSTON = entry(4, "Houston", "Houston", 16000, "0.70", null,
            List.of("storage"), docks(2, true));
    private static final List<CatalogEntry> ALL = List.of(COMMERCE, PONTIAC, ROMULUS, HOUSTON);

    private static List<CatalogEntry> search(Criteria c, String metro) {
        return PropertySearch.search(c, metro, ALL, TODAY).stream().map(PropertySearch.Match::entry).toList();
    }

    @Test
    void nearACityIsItsMetroWithinTheSizeTolerance() {
        var c = new Criteria("Detroit", "MI", 15000, "storage", null, "April", null, List.of());
        assertThat(search(c, "Detroit")).containsExactly(COMMERCE, PONTIAC);
    }

    @Test
    void lessSpaceThanAskedRanksBelowMore() {
        var c = new Criteria("Detroit", null, 15000, null, null, null, null, List.of());
        assertThat(search(c, "Detroit").getFirst()).isEqualTo(COMMERCE);
    }

    @Test
    void aFeatureKnownToBeMissingExcludesUnknownOnlyRanksLower() {
        var docksNeeded = new Criteria("Detroit", null, 15000, null, null, null, null, List.of("dock doors"));
        assertThat(search(docksNeeded, "Detroit")).containsExactly(COMMERCE);
        var officeNeeded = new Criteria("Detroit", null, 15000, null, null, null, null, List.of("office"));
        assertThat(search(officeNeeded, "Detroit")).containsExactly(PONTIAC, COMMERCE);
    }

    @Test
    void availabilityByTheBuyersTiming() {
        var now = new Criteria("Detroit", null, 15000, null, null, "now", null, List.of());
        assertThat(search(now, "Detroit")).containsExactly(COMMERCE);
        assertThat(PropertySearch.needBy("January", TODAY)).isEqualTo(LocalDate.of(2026, 1, 31));
    }

    @Test
    void useTypeAndStateFilterAndAtMostThree() {
        var cold = new Criteria("Detroit", null, 15000, "cold storage", null, null, null, List.of());
        assertThat(search(cold, "Detroit")).isEmpty();
        var wrongState = new Criteria("Houston", "MI", null, "storage", null, null, null, List.of());
        assertThat(search(wrongState, "Houston")).isEmpty();
        var anywhere = new Criteria(null, null, null, "storage", "parts", null, null, List.of());
        assertThat(search(anywhere, null)).hasSize(PropertySearch.MAX_MATCHES);
    }

    @Test
    void fieldsFormatAsTheSeedsFieldCatalogSays() {
        var k = new PropertyKnowledge(1, new BigDecimal("24.0"), 4, 2, true, false, null, null, "400 amp, 3-phase",
                20, null, true, null);
        var l = COMMERCE.listing();
        assertThat(Field.CEILING_HEIGHT.format(k, l)).contains("24 ft");
        assertThat(Field.DOCK_DOORS.format(k, l)).contains("4 dock doors");
        assertThat(Field.DRIVE_IN_DOORS.format(k, l)).contains("2 drive-in doors");
        assertThat(Field.TEMPERATURE_CONTROLLED.format(k, l)).contains("Yes");
        assertThat(Field.RATE_PER_FOOT.format(k, l)).contains("$1.15/sqft");
        assertThat(Field.AVAILABLE_SPACE.format(k, l)).contains("18,000 sqft");
        assertThat(Field.OFFICE_SPACE.format(k, l)).contains("No");
        assertThat(Field.HOURS_24H.format(k, l)).isEmpty();
        assertThat(Field.POWER.format(k, l)).contains("400 amp, 3-phase");
        assertThat(Field.PARKING.format(k, l)).contains("20 spots");
        assertThat(Field.SPRINKLERS.truth(k)).contains(true);
        assertThat(Field.byKey("overnight_parking")).contains(Field.OVERNIGHT_PARKING);
        assertThat(Field.values()).hasSize(14);
    }
}
