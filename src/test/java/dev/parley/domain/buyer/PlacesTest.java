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
        assertThat(places.zonesOfPhone("+442071234567")).isEmpty();
        assertThat(places.zonesOfPhone("+19995550100")).isEmpty();
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
