package dev.parley.adapter.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MaskingTest {
    @Test
    void masksNumbersAndEmailAddresses() {
        var masked = Masking.text("Call +1 (555) 010-0199 or mail jo.doe+x@example.co.uk, room 12");
        assertThat(masked).doesNotContain("555").doesNotContain("example").doesNotContain("jo.doe")
                .contains("•••@•••").contains("room 12");
    }

    @Test
    void addressKeepsOnlyTheLastCharacters() {
        assertThat(Masking.address("+15550100")).isEqualTo("•••••••00").doesNotContain("555");
        assertThat(Masking.address("")).isEmpty();
        assertThat(Masking.address(null)).isEmpty();
    }
}
