package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Quiet hours 9pm–9am in the buyer's zone; several zones: until it is daytime in all of them. */
class QuietHoursTest {
    private static final ZoneId DETROIT = ZoneId.of("America/Detroit");
    private static final ZoneId LA = ZoneId.of("America/Los_Angeles");

    @Test
    void daytimeIsAllowedAtOnce() {
        var noon = Instant.parse("2025-02-25T17:00:00Z");  // 12:00 EST
        assertThat(QuietHours.nextAllowed(noon, List.of(DETROIT))).isEqualTo(noon);
    }

    @Test
    void lateEveningWaitsUntilNineNextMorning() {
        assertThat(QuietHours.nextAllowed(Instant.parse("2025-02-25T02:30:00Z"), List.of(DETROIT)))
                .isEqualTo(Instant.parse("2025-02-25T14:00:00Z"));  // 21:30 EST -> 09:00 EST
        assertThat(QuietHours.nextAllowed(Instant.parse("2025-02-25T10:00:00Z"), List.of(DETROIT)))
                .isEqualTo(Instant.parse("2025-02-25T14:00:00Z"));  // 05:00 -> 09:00 the same day
    }

    @Test
    void boundaries() {
        assertThat(QuietHours.quiet(Instant.parse("2025-02-25T01:59:59Z"), DETROIT)).isFalse(); // 20:59:59
        assertThat(QuietHours.quiet(Instant.parse("2025-02-25T02:00:00Z"), DETROIT)).isTrue();  // 21:00
        assertThat(QuietHours.quiet(Instant.parse("2025-02-25T13:59:59Z"), DETROIT)).isTrue();  // 08:59:59
        assertThat(QuietHours.quiet(Instant.parse("2025-02-25T14:00:00Z"), DETROIT)).isFalse(); // 09:00
    }

    @Test
    void daylightSavingIsTheZonesBusiness() {
        // 9am EDT on 2025-03-10 is 13:00 UTC (the clocks moved on the 9th)
        assertThat(QuietHours.nextAllowed(Instant.parse("2025-03-10T05:00:00Z"), List.of(DETROIT)))
                .isEqualTo(Instant.parse("2025-03-10T13:00:00Z"));
    }

    @Test
    void mostRestrictiveAcrossZones() {
        // 08:00 Pacific = 11:00 Eastern: Detroit is awake, LA is not yet.
        var at = Instant.parse("2025-02-25T16:00:00Z");
        assertThat(QuietHours.nextAllowed(at, List.of(DETROIT, LA))).isEqualTo(Instant.parse("2025-02-25T17:00:00Z"));
        // 19:00 Pacific = 22:00 Eastern: Detroit sleeps until 9 Eastern, when LA is at 6 and sleeps until 9 Pacific.
        var evening = Instant.parse("2025-02-26T03:00:00Z");
        assertThat(QuietHours.nextAllowed(evening, List.of(DETROIT, LA)))
                .isEqualTo(Instant.parse("2025-02-26T17:00:00Z"));
    }

    @Test
    void unknownBuyersGetEveryUsZone() {
        var places = TestPlaces.shipped();
        assertThat(places.allZones()).contains(ZoneId.of("America/New_York"), ZoneId.of("Pacific/Honolulu"));
        var next = QuietHours.nextAllowed(Instant.parse("2025-02-25T14:00:00Z"), places.allZones());
        for (var zone : places.allZones()) assertThat(QuietHours.quiet(next, zone)).as(zone.getId()).isFalse();
    }
}
