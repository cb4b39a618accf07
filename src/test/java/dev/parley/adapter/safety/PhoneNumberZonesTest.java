package dev.parley.adapter.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class PhoneNumberZonesTest {
    final PhoneNumberZones zones = new PhoneNumberZones();

    @Test
    void aUkNumberMapsToLondon() {
        assertThat(zones.zonesOf("+44 20 7946 0000", "sms")).containsExactly(ZoneId.of("Europe/London"));
        // a UK mobile could be on the islands too: all four zones keep London's time
        assertThat(zones.zonesOf("whatsapp:+447911123456", "whatsapp")).contains(ZoneId.of("Europe/London"))
                .contains(ZoneId.of("Europe/Jersey"));
    }

    @Test
    void anInvalidNumberIsUnknown() {
        // 07700 900xxx is Ofcom's drama range: not a real number, so libphonenumber cannot place it
        assertThat(zones.zonesOf("+447700900123", "sms")).isEmpty();
    }

    @Test
    void aNewYorkNumberMapsToNewYork() {
        assertThat(zones.zonesOf("+12125550123", "sms")).containsExactly(ZoneId.of("America/New_York"));
    }

    @Test
    void aNumberWithoutItsAreaMapsToEveryZoneOfItsCountry() {
        assertThat(zones.zonesOf("+7 999 000 0000", "sms")).hasSizeGreaterThan(3);
    }

    @Test
    void whatIsNotAnInternationalNumberIsUnknown() {
        assertThat(zones.zonesOf("07700900123", "sms")).isEmpty();
        assertThat(zones.zonesOf("123456789", "telegram")).isEmpty();
        assertThat(zones.zonesOf("alice@example.com", "email")).isEmpty();
        assertThat(zones.zonesOf(null, "sms")).isEmpty();
    }
}
