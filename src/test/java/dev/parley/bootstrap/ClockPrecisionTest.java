package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.ManualClock;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A frozen clock with nanoseconds (as Instant.now() gives) must not leave stored rows "not yet due". */
class ClockPrecisionTest {
    @TempDir Path home;

    @Test
    void rowStoredAtAFrozenNanosecondInstantIsDueAtOnce() {
        var clock = new ManualClock(Instant.parse("2026-02-03T04:05:06.123456789Z"));
        try (var parley = TestParley.start(home, clock, Map.of(), null)) {
            var response = parley.http().postGeneric("wh-nanos",
                    ParleyHttp.message("nanos-1", "chat", "user-nanos", "hello"), clock);
            assertThat(response.statusCode()).isEqualTo(202);

            await().atMost(Duration.ofSeconds(10)).until(() -> parley.inboxCounts().get(InboxStatus.PROCESSED) == 1);
            var stored = parley.app.database.transactions().inTransaction(s -> s.inbox().find(1L)).orElseThrow();
            assertThat(stored.receivedAt()).isEqualTo(Instant.parse("2026-02-03T04:05:06.123456Z"));
        }
    }
}
