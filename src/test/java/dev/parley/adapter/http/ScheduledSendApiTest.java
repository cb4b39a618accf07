package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.ManualClock;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35, seed 002's "delay_or_block" for Parley's own outbox: a proactive message that meets the recipient's quiet
 * hours is not denied but scheduled for when they end (screened again then, and sent); until then an operator may
 * cancel it ({@code POST /api/outbox/{id}/cancel}, audited), and then it is never sent.
 */
class ScheduledSendApiTest {
    /** 07:00 UTC: 23:00 the evening before in San Francisco, where quiet hours end at 07:00 (15:00 UTC). */
    static final Instant NIGHT = Instant.parse("2026-11-27T07:00:00Z");
    static final Instant MORNING = Instant.parse("2026-11-27T15:00:00Z");

    static long proactive(TestParley parley, String to, String text) {
        return parley.app.transactions.inTransaction(s -> {
            var contact = s.contacts().findOrCreate("sms", to, null, NIGHT);
            var conversation = s.conversations().create("sms", to, "outreach", "Initial", contact.id(), NIGHT);
            return s.outbox().enqueue(conversation.id(), contact.id(), "timer:follow-up:" + to, "follow_up", text,
                    OutboxStatus.PENDING, null, false, TimelineEvent.SYSTEM_ACTOR, NIGHT).orElseThrow().id();
        });
    }

    static OutboxEntry row(TestParley parley, long id) {
        return parley.app.transactions.inTransaction(s -> s.outbox().find(id)).orElseThrow();
    }

    @Test
    void quietHoursScheduleTheSendAndAnOperatorMayCancelIt(@TempDir Path home) throws Exception {
        var clock = new ManualClock(NIGHT);
        try (var parley = TestParley.start(home, clock, Map.of(), null)) {
            long kept = proactive(parley, "+14155550101", "Following up on the trees we talked about.");
            long cancelled = proactive(parley, "+14155550102", "Following up on the photos.");
            parley.app.deliverOutbox.deliverDue(10);

            for (long id : new long[] {kept, cancelled}) {
                var scheduled = row(parley, id);
                assertThat(scheduled.status()).isEqualTo(OutboxStatus.PENDING);
                assertThat(scheduled.attempts()).as("still its first attempt").isZero();
                assertThat(scheduled.nextAttemptAt()).isEqualTo(MORNING);
                assertThat(scheduled.reason()).startsWith("safety: quiet_hours until 2026-11-27T15:00:00Z");
            }
            var http = parley.http();
            var cancel = http.apiPost("/api/outbox/" + cancelled + "/cancel", "{\"actor\": \"Dana\"}");
            assertThat(cancel.statusCode()).isEqualTo(200);
            assertThat(ParleyHttp.json(cancel).get("status").asText()).isEqualTo("DENIED");
            assertThat(row(parley, cancelled).reason()).startsWith("cancelled by Dana (it was scheduled: safety: ");
            java.util.List<dev.parley.domain.conversation.AuditEntry> audit =
                    parley.app.transactions.inTransaction(s -> s.audit().forTarget("outbox", cancelled));
            assertThat(audit).anyMatch(a -> a.action().equals("outbox_cancel") && a.actor().equals("Dana"));
            assertThat(http.apiPost("/api/outbox/" + cancelled + "/cancel", "{\"actor\": \"Dana\"}").statusCode())
                    .as("no longer scheduled").isEqualTo(409);
            assertThat(http.apiPost("/api/outbox/" + kept + "/cancel", "{}").statusCode())
                    .as("no actor").isEqualTo(400);
            assertThat(http.apiPost("/api/outbox/999999/cancel", "{\"actor\": \"Dana\"}").statusCode())
                    .isEqualTo(404);

            clock.set(MORNING);
            parley.app.deliverOutbox.deliverDue(10);
            assertThat(row(parley, kept).status()).as("screened again, and sent").isEqualTo(OutboxStatus.SENT);
            assertThat(row(parley, cancelled).status()).as("never sent").isEqualTo(OutboxStatus.DENIED);
            assertThat(http.apiPost("/api/outbox/" + kept + "/cancel", "{\"actor\": \"Dana\"}").statusCode())
                    .as("sent already").isEqualTo(409);
        }
    }
}
