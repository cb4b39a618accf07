package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.memory.InMemoryModelCallLog;
import dev.parley.application.model.ModelCall;
import dev.parley.application.model.ModelCallLog;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The call log in H2 and PostgreSQL (model_calls, V30) and in memory keep the same rows in the same orders. */
class ModelCallLogContractTest {
    static final Instant AT = Instant.parse("2026-07-01T09:00:00.123456Z");

    static ModelCall call(String task, Long conversation, String outcome, boolean fallback) {
        return new ModelCall(0, AT, task, fallback ? "offline" : "openai", "llama3.1:8b", conversation, 812, 120, 14,
                "ab".repeat(32), outcome, fallback, outcome.equals("ok") ? null : "HTTP 500", null, null);
    }

    static void contract(ModelCallLog log) {
        long first = log.record(call("classify", 7L, "ok", false));
        log.record(call("extract", 8L, "timeout", false));
        log.record(call("extract", 8L, "ok", true));
        log.record(call("plan", null, "invalid_json", false));

        assertThat(first).isPositive();
        assertThat(log.recent(2)).extracting(ModelCall::task).containsExactly("plan", "extract");
        var ofEight = log.ofConversation(8);
        assertThat(ofEight).extracting(ModelCall::outcome).containsExactly("timeout", "ok");
        var fallback = ofEight.get(1);
        assertThat(fallback.fallback()).isTrue();
        assertThat(fallback.provider()).isEqualTo("offline");
        assertThat(fallback.at()).isEqualTo(AT.truncatedTo(ChronoUnit.MICROS));
        assertThat(fallback.latencyMillis()).isEqualTo(812);
        assertThat(fallback.promptTokens()).isEqualTo(120);
        assertThat(fallback.requestHash()).hasSize(64);
        assertThat(log.recent(10).getLast().conversationId()).isEqualTo(7L);
        assertThat(log.recent(10).getFirst().conversationId()).isNull();
    }

    @Test
    void inH2(@TempDir Path dir) {
        try (var database = Database.open("jdbc:h2:file:" + dir.resolve("calls") + ";WRITE_DELAY=0", "sa", "", 2)) {
            contract(new JdbcModelCallLog(database.dataSource()));
        }
    }

    @Test
    void inPostgres() {
        try (var database = Database.open(dev.parley.testing.PostgresCluster.shared().newDatabase(),
                dev.parley.testing.PostgresCluster.SUPERUSER, dev.parley.testing.PostgresCluster.PASSWORD, 2)) {
            contract(new JdbcModelCallLog(database.dataSource()));
        }
    }

    @Test
    void inMemory() {
        contract(new InMemoryModelCallLog());
    }

    @Test
    void inMemoryKeepsTheNewestCallsOnlyWithIdsCountingOn() {
        var log = new InMemoryModelCallLog(3);
        for (int i = 0; i < 5; i++) log.record(call("classify", (long) i, "ok", false));

        assertThat(log.recent(10)).extracting(ModelCall::id).containsExactly(5L, 4L, 3L);
        assertThat(log.ofConversation(0)).isEmpty();
        assertThat(log.ofConversation(4)).extracting(ModelCall::id).containsExactly(5L);
        assertThat(log.record(call("plan", null, "ok", false))).isEqualTo(6L);
    }
}
