package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.InboxStatus;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseTest {
    @TempDir Path dir;

    @Test
    void migratesValidatesAndDeduplicatesReceipts() {
        var url = "jdbc:h2:file:" + dir.resolve("parley") + ";WRITE_DELAY=0";
        var now = Instant.parse("2026-01-01T00:00:00Z");
        var message = new InboundMessage("sms", "SM1", "+15550001", "+15550001", "+15550002", "hi", null, now,
                null, null);
        try (var db = Database.open(url, "sa", "", 2)) {
            var first = db.transactions().inTransaction(s -> s.inbox().insertIfAbsent(message, "{}", now));
            var second = db.transactions().inTransaction(s -> s.inbox().insertIfAbsent(message, "{}", now));
            assertThat(first.duplicate()).isFalse();
            assertThat(second.duplicate()).isTrue();
            assertThat(second.id()).isEqualTo(first.id());
            var heads = db.transactions().inTransaction(s -> s.inbox().laneHeads(10));
            assertThat(heads).singleElement().satisfies(h -> assertThat(h.status()).isEqualTo(InboxStatus.RECEIVED));
        }
        try (var db = Database.open(url, "sa", "", 2)) {
            var counts = db.transactions().inTransaction(s -> s.inbox().countByStatus());
            assertThat(counts.get(InboxStatus.RECEIVED)).isEqualTo(1L);
        }
    }

    @Test
    void aStoreLeftOpenByACrashGetsItsQueueIndexesRebuiltAndKeepsItsRows() throws Exception {
        var url = "jdbc:h2:file:" + dir.resolve("crashy") + ";WRITE_DELAY=0";
        var marker = dir.resolve("crashy.open");
        var now = Instant.parse("2026-01-01T00:00:00Z");
        var message = new InboundMessage("sms", "SM9", "+15550009", "+15550009", null, "hi", null, now, null, null);
        try (var db = Database.open(url, "sa", "", 2)) {
            assertThat(marker).exists();
            db.transactions().inTransaction(s -> s.inbox().insertIfAbsent(message, "{}", now));
        }
        assertThat(marker).doesNotExist();
        java.nio.file.Files.writeString(marker, "12345"); // as a killed process leaves it
        try (var db = Database.open(url, "sa", "", 2)) {
            var heads = db.transactions().inTransaction(s -> s.inbox().laneHeads(10));
            assertThat(heads).singleElement().satisfies(h -> assertThat(h.message().providerId()).isEqualTo("SM9"));
        }
        assertThat(marker).doesNotExist();
    }
}
