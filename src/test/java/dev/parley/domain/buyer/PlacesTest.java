package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class PlacesTest {
    private final Places places = TestPlaces.shipped();

    @Test
    void areaCodesGiveTheBuyersZone() {
        assertThat(places.zonesOfPhone("+13135550101")).containsExactly(ZoneId.of("America/Detroit"));
        assertThat(places.zonesOfPhone("+17135550111")).containsExactly(ZoneId.of("America/Chicago"));
        assertThat(places.zonesOfPhone("+19155550100")).containsExactly(ZoneId.of("America/Denver"));
        assertThat(places.zonesOfPhone("+18505550100")).hasSize(2);
        assertThat(places.zonesOfPhone("+19995550100")).isEmpty();
    }

    @Test
    void canadianAreaCodesAndCountryCallingCodesGiveZonesToo() {
        assertThat(places.zonesOfPhone("+14165550123")).containsExactly(ZoneId.of("America/Toronto"));
        assertThat(places.zonesOfPhone("+17095550123")).contains(ZoneId.of("America/St_Johns"));
        assertThat(places.zonesOfPhone("+442071234567")).containsExactly(ZoneId.of("Europe/London"));
        assertThat(places.zonesOfPhone("+353 1 234 5678")).containsExactly(ZoneId.of("Europe/Dublin"));
        assertThat(places.zonesOfPhone("+4915123456789")).containsExactly(ZoneId.of("Europe/Berlin"));
        assertThat(places.zonesOfPhone("+61212345678")).hasSize(4).contains(ZoneId.of("Australia/Perth"));
        assertThat(places.zonesOfPhone("+97150123456")).containsExactly(ZoneId.of("Asia/Dubai"));
        // an unknown country code, and a number without its country code that is not North American: no zone
        assertThat(places.zonesOfPhone("+8881234567")).isEmpty();
        assertThat(places.zonesOfPhone("442071234567")).isEmpty();
    }

    @Test
    void everyShippedZoneSetHasDaytimeInCommon() throws Exception {
        var dir = java.nio.file.Path.of("src/main/resources/buyer");
        for (var file : java.util.List.of("area-codes.tsv", "calling-codes.tsv")) {
            for (var line : java.nio.file.Files.readAllLines(dir.resolve(file))) {
                if (line.isBlank() || line.startsWith("#")) continue;
                var zones = java.util.Arrays.stream(line.split("\t")[2].split(",")).map(z -> ZoneId.of(z.strip()))
                        .toList();
                for (var month = 1; month <= 12; month += 6) {
                    var at = java.time.Instant.parse("2025-%02d-10T00:00:00Z".formatted(month));
                    var next = QuietHours.nextAllowed(at, zones);
                    assertThat(java.time.Duration.between(at, next)).as(line).isLessThan(java.time.Duration.ofDays(1));
                }
            }
        }
    }

    @Test
    void catalogueCitiesBecomeKnown() {
        var interpreter = new MessageInterpreter(places);
        assertThat(interpreter.interpret("anything in Frankenmuth?").cities()).isEmpty();
        places.addCatalogCity("Frankenmuth", "MI", "Saginaw", null);
        var found = interpreter.interpret("anything in Frankenmuth?").cities();
        assertThat(found).extracting(m -> m.place().metro()).containsExactly("Saginaw");
        assertThat(found.getFirst().place().zone()).isEqualTo(ZoneId.of("America/Detroit"));
    }
}
