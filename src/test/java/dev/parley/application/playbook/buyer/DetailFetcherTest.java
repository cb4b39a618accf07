package dev.parley.application.playbook.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.buyer.KnownAnswer;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.Field;
import dev.parley.domain.catalog.Listing;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.catalog.PropertyKnowledge;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Seed 003's Verification Plan: the Detail Fetcher is cache-first and reports each field's outcome. */
class DetailFetcherTest {
    private static final Instant NOW = Instant.parse("2025-02-24T14:05:00Z");
    private static final CatalogEntry COMMERCE = new CatalogEntry(
            new Property(1, "MI-COMMERCE-01", "Commerce Twp DC", null, "Commerce Twp", "MI", "Detroit", null,
                    List.of("storage"), null, null, null, true),
            new Listing(11, 1, 18000, new BigDecimal("1.15"), null, 3, 12, "3-12 month terms", true),
            new PropertyKnowledge(1, new BigDecimal("24"), 4, 0, false, null, null, null, "400 amp, 3-phase", 20, null,
                    true, null));

    /** The catalogue, counting how often it is read (a "mock PropertyKnowledge"). */
    private final AtomicInteger reads = new AtomicInteger();
    private final Supplier<CatalogEntry> catalog = () -> {
        reads.incrementAndGet();
        return COMMERCE;
    };

    @Test
    void noCatalogueReadWhenKnownAnswersHaveEveryField() {
        var known = Map.of("power", new KnownAnswer("400 amp, 3-phase", "catalog", NOW),
                "overnight_parking", new KnownAnswer("Yes, in the fenced yard", "escalation", NOW));
        var result = DetailFetcher.fetch(1, List.of(Field.POWER), List.of(Field.OVERNIGHT_PARKING), known, catalog,
                NOW);
        assertThat(reads).hasValue(0);
        assertThat(result.catalogRead()).isFalse();
        assertThat(result.fields()).extracting(DetailFetcher.FieldResult::outcome)
                .containsExactly(DetailFetcher.Outcome.CACHE_HIT, DetailFetcher.Outcome.CACHE_HIT);
        assertThat(result.allFound()).isTrue();
    }

    @Test
    void outcomesAndNewValuesToCache() {
        var result = DetailFetcher.fetch(1, List.of(Field.POWER, Field.SPRINKLERS),
                List.of(Field.TEMPERATURE_CONTROLLED, Field.OVERNIGHT_PARKING, Field.POWER), Map.of(), catalog, NOW);
        assertThat(reads).hasValue(1);
        assertThat(result.fields()).extracting(f -> f.field().key() + "=" + f.outcome())
                .containsExactly("power=FOUND", "sprinklers=MAPPED_TRUE", "temperature_controlled=MAPPED_FALSE",
                        "overnight_parking=UNMAPPED");
        assertThat(result.allFound()).isFalse();
        assertThat(result.unmapped()).extracting(DetailFetcher.FieldResult::field)
                .containsExactly(Field.OVERNIGHT_PARKING);
        assertThat(result.newlyKnown()).containsOnlyKeys("power", "sprinklers", "temperature_controlled");
        assertThat(result.newlyKnown().get("power").value()).isEqualTo("400 amp, 3-phase");
        assertThat(result.newlyKnown().get("power").source()).isEqualTo("catalog");
    }

    @Test
    void aPartlyCachedQuestionReadsTheCatalogueOnce() {
        var known = Map.of("power", new KnownAnswer("400 amp, 3-phase", "catalog", NOW));
        var result = DetailFetcher.fetch(1, List.of(Field.POWER, Field.PARKING, Field.DOCK_DOORS), List.of(), known,
                catalog, NOW);
        assertThat(reads).hasValue(1);
        assertThat(result.fields()).extracting(DetailFetcher.FieldResult::value)
                .containsExactly("400 amp, 3-phase", "20 spots", "4 dock doors");
    }
}
