package dev.parley.application.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.RetryPolicy;
import dev.parley.application.ManualClock;
import dev.parley.domain.message.InboxEntry;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A message whose playbook throws is retried with backoff, then FAILED, without holding up other conversations. */
class PoisonMessageTest {
    static final Instant T0 = Instant.parse("2026-03-01T09:00:00Z");
    @TempDir Path home;
    final ManualClock clock = new ManualClock(T0);
    final ScriptedPlaybook playbook = new ScriptedPlaybook(true);
    TestParley parley;
    ParleyHttp http;

    @BeforeEach
    void start() {
        parley = TestParley.start(home, clock, Map.of(), null, List.of(playbook));
        http = parley.http();
    }

    @AfterEach
    void stop() {
        parley.close();
    }

    long post(String id, String from, String text, String playbookName) {
        var response = http.postGeneric("wh-" + id, ParleyHttp.message(id, "chat", from, text, playbookName), clock);
        assertThat(response.statusCode()).isEqualTo(202);
        return ParleyHttp.json(response).get("message_id").asLong();
    }

    InboxEntry row(long id) {
        return parley.app.database.transactions().inTransaction(s -> s.inbox().find(id)).orElseThrow();
    }

    void awaitAttempts(long id, int attempts) {
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .until(() -> row(id).attempts() >= attempts);
    }

    @Test
    void throwingPlaybookIsRetriedWithBackoffThenFailedWhileOthersFlow() {
        long poison = post("poison-1", "user-poison", "boom", ScriptedPlaybook.NAME);
        awaitAttempts(poison, 1);
        assertThat(row(poison).status()).isEqualTo(InboxStatus.RECEIVED);
        assertThat(row(poison).error()).as("class only: a message may quote the inbound text")
                .isEqualTo("IllegalStateException");
        assertThat(row(poison).nextAttemptAt()).isEqualTo(T0.plusSeconds(1));

        // Behind it in its lane, a second message waits; another conversation flows meanwhile.
        long behind = post("poison-2", "user-poison", "after the poison", ScriptedPlaybook.NAME);
        long other = post("other-1", "user-other", "hello", null);
        await().atMost(Duration.ofSeconds(10)).until(() -> row(other).status() == InboxStatus.PROCESSED);
        assertThat(row(behind).status()).isEqualTo(InboxStatus.RECEIVED);

        // Not before its backoff has passed.
        clock.advance(Duration.ofMillis(500));
        await().during(Duration.ofMillis(700)).atMost(Duration.ofSeconds(3)).until(() -> row(poison).attempts() == 1);

        for (int attempt = 2; attempt <= RetryPolicy.INBOX.attempts(); attempt++) {
            var before = row(poison);
            var expectedBackoff = Duration.ofSeconds(1L << (attempt - 2));
            assertThat(Duration.between(clock.instant().minusMillis(attempt == 2 ? 500 : 0), before.nextAttemptAt()))
                    .as("backoff before attempt %d", attempt).isEqualTo(expectedBackoff);
            clock.set(before.nextAttemptAt());
            awaitAttempts(poison, attempt);
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> row(poison).status() == InboxStatus.FAILED);
        assertThat(row(poison).attempts()).isEqualTo(RetryPolicy.INBOX.attempts());
        await().atMost(Duration.ofSeconds(10)).until(() -> row(behind).status() == InboxStatus.PROCESSED);
        assertThat(parley.app.metrics.failed.sum()).isEqualTo(1);
        assertThat(parley.app.metrics.retried.sum()).isEqualTo(RetryPolicy.INBOX.attempts() - 1);

        var failed = ParleyHttp.json(http.apiGet("/api/inbox?status=FAILED")).get("items");
        var item = StreamSupport.stream(failed.spliterator(), false)
                .filter(i -> i.get("id").asLong() == poison).findFirst().orElseThrow();
        assertThat(item.get("status").asText()).isEqualTo("FAILED");
        assertThat(item.get("attempts").asInt()).isEqualTo(RetryPolicy.INBOX.attempts());
        assertThat(item.get("error").asText()).isEqualTo("IllegalStateException");
        assertThat(item.get("playbook").asText()).isEqualTo(ScriptedPlaybook.NAME);
    }

    @Test
    void unknownPlaybookFailsAtOnceWithAClearError() {
        long id = post("unknown-1", "user-unknown", "hi", "no-such-playbook");

        await().atMost(Duration.ofSeconds(10)).until(() -> row(id).status() == InboxStatus.FAILED);
        assertThat(row(id).attempts()).isEqualTo(1);
        var failed = ParleyHttp.json(http.apiGet("/api/inbox?status=FAILED")).get("items");
        assertThat(failed).anySatisfy(i -> {
            assertThat(i.get("id").asLong()).isEqualTo(id);
            assertThat(i.get("error").asText()).contains("unknown playbook 'no-such-playbook'");
        });
    }

    @Test
    void retryPutsAFailedRowBackInLine() {
        long id = post("retry-1", "user-retry", "boom", ScriptedPlaybook.NAME);
        for (int attempt = 1; attempt < RetryPolicy.INBOX.attempts(); attempt++) {
            awaitAttempts(id, attempt);
            clock.set(row(id).nextAttemptAt());
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> row(id).status() == InboxStatus.FAILED);

        assertThat(http.apiPost("/api/inbox/" + id + "/retry", "{}").statusCode()).isEqualTo(400);
        playbook.broken.set(false);
        var retried = http.apiPost("/api/inbox/" + id + "/retry", "{\"actor\":\"ops@example.test\"}");

        assertThat(retried.statusCode()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> row(id).status() == InboxStatus.PROCESSED);
        var audit = parley.app.database.transactions().inTransaction(s -> s.audit().forTarget("inbox", id));
        assertThat(audit).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("retry_inbox");
            assertThat(a.actor()).isEqualTo("ops@example.test");
        });
        assertThat(http.apiPost("/api/inbox/" + id + "/retry", "{\"actor\":\"ops\"}").statusCode()).isEqualTo(409);
        assertThat(http.apiPost("/api/inbox/999999/retry", "{\"actor\":\"ops\"}").statusCode()).isEqualTo(404);
    }
}
