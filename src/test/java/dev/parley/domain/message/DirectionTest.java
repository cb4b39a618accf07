package dev.parley.domain.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DirectionTest {
    @Test
    void theStoredWordsAreTheOnesTheMessagesAndSafetyTablesAndJsonAlreadyHold() {
        assertThat(Arrays.stream(Direction.values()).map(Direction::name)).containsExactly("IN", "OUT");
        assertThat(Arrays.stream(Direction.values()).map(Direction::safetyWord)).containsExactly("inbound", "outbound");
    }
}
