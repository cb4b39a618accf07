package dev.parley.adapter.http;

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

/**
 * {@code POST /api/contacts/{id}/time-zone} over Parley's own listener: the zone is stored, shown, audited and used
 * first for quiet hours; bad zones and unknown contacts are refused with {error, detail}.
 */
class ContactTimeZoneApiTest {
    static final String SF = "+14155550100";
    /** 20:00 UTC: noon in San Francisco, 05:00 in Tokyo. */
    static final Instant AT = Instant.parse("2026-11-27T20:00:00Z");

    static String outbound(String to) {
        // 21:30 UTC, 90 minutes after the contact's "hello": a proactive message, which quiet hours protect (an answer
        // within the hour would not be: ValidateApiTest)
        return ValidateApiTest.request("outbound", "Lunch on Friday?", "+12125550123", to, "2026-11-27T21:30:00Z");
    }

    @Test
    void anOperatorSetsAContactsZoneAndQuietHoursFollowIt(@TempDir Path home) throws Exception {
        var clock = new ManualClock(AT);
        try (var parley = TestParley.start(home, clock, Map.of(), null)) {
            var http = parley.http();
            assertThat(http.postGeneric("z-1", ParleyHttp.message("z-1", "sms", SF, "hello"), clock).statusCode())
                    .isEqualTo(202);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> parley.inboxCounts().getOrDefault(InboxStatus.PROCESSED, 0L) == 1L);
            var conversation = parley.app.transactions.inTransaction(s -> s.conversations().findByKey("sms", SF))
                    .orElseThrow();
            long contact = conversation.contactId();
            assertThat(ParleyHttp.json(http.apiPost("/api/validate", outbound(SF))).get("decision").asText())
                    .isEqualTo("allow");

            var set = http.apiPost("/api/contacts/" + contact + "/time-zone",
                    "{\"time_zone\": \"Asia/Tokyo\", \"actor\": \"Dana\"}");
            assertThat(set.statusCode()).isEqualTo(200);
            assertThat(ParleyHttp.json(set).get("time_zone").asText()).isEqualTo("Asia/Tokyo");
            assertThat(ParleyHttp.json(set).get("contact_id").asLong()).isEqualTo(contact);
            var night = ParleyHttp.json(http.apiPost("/api/validate", outbound(SF)));
            assertThat(night.get("decision").asText()).isEqualTo("delay");
            assertThat(night.get("enforcement_reason").asText()).isEqualTo("quiet_hours");
            var detail = ParleyHttp.json(http.send(http.request("/api/conversations/" + conversation.id())
                    .header("Authorization", "Bearer " + TestParley.TOKEN).GET().build()));
            assertThat(detail.get("contact").get("time_zone").asText()).isEqualTo("Asia/Tokyo");
            java.util.List<dev.parley.domain.conversation.AuditEntry> audit =
                    parley.app.transactions.inTransaction(s -> s.audit().forTarget("contact", contact));
            assertThat(audit).singleElement().satisfies(a -> {
                assertThat(a.action()).isEqualTo("set_time_zone");
                assertThat(a.actor()).isEqualTo("Dana");
                assertThat(a.detailJson()).contains("Asia/Tokyo");
            });

            for (String bad : new String[] {"\"+02:00\"", "\"Mars/Olympus_Mons\"", "42"}) {
                var refused = http.apiPost("/api/contacts/" + contact + "/time-zone",
                        "{\"time_zone\": " + bad + ", \"actor\": \"Dana\"}");
                assertThat(refused.statusCode()).as(bad).isEqualTo(400);
                assertThat(ParleyHttp.json(refused).get("field").asText()).isEqualTo("time_zone");
                assertThat(ParleyHttp.json(refused).get("detail").asText()).isNotBlank();
            }
            assertThat(http.apiPost("/api/contacts/" + contact + "/time-zone", "{\"actor\": \"Dana\"}").statusCode())
                    .as("time_zone missing").isEqualTo(400);
            var unknown = http.apiPost("/api/contacts/999999/time-zone",
                    "{\"time_zone\": \"Europe/Paris\", \"actor\": \"Dana\"}");
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(ParleyHttp.json(unknown).get("error").asText()).isEqualTo("not_found");

            var cleared = http.apiPost("/api/contacts/" + contact + "/time-zone",
                    "{\"time_zone\": null, \"actor\": \"Dana\"}");
            assertThat(cleared.statusCode()).isEqualTo(200);
            assertThat(ParleyHttp.json(cleared).get("time_zone").isNull()).isTrue();
            assertThat(ParleyHttp.json(http.apiPost("/api/validate", outbound(SF))).get("decision").asText())
                    .isEqualTo("allow");
            java.util.List<dev.parley.domain.conversation.AuditEntry> entries =
                    parley.app.transactions.inTransaction(s -> s.audit().forTarget("contact", contact));
            assertThat(entries).hasSize(2);
        }
    }
}
