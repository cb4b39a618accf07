package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.persistence.FileReceiptJournal;
import dev.parley.testing.ChildParley;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.StoreAudit;
import dev.parley.testing.TestParley;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code parley serve} killed with SIGKILL after its request reached Twilio and before it could record the
 * answer, and a store that lost the claim's commit in that crash (as H2 does with the newest chunks of its file: ADR
 * 0001): after a restart the message is never sent again by itself; it shows as DELIVERY_UNKNOWN until an operator
 * sends it again (or marks it sent).
 *
 * <p>The lost commit is made from real parts: the store file as a clean stop left it, with the row PENDING after a
 * first attempt Twilio refused (503), put back in place of the killed process's file, which had the second attempt's
 * claim (SENDING); and the claim journal as the killed process left it on disk.
 */
class DeliveryCrashTest {
    static final String SID = "AC0123456789abcdef0123456789abcdef";
    @TempDir Path dir;

    @Test
    void aCrashBetweenSendAndRecordLeavesTheRowUnknownAndSendsNothingTwiceEvenWhenTheStoreLostTheClaim()
            throws Exception {
        var home = Files.createDirectories(dir.resolve("home"));
        var store = home.resolve("data/parley.mv.db");
        var requests = new AtomicInteger();
        try (var twilio = new MockWebServer()) {
            twilio.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    return switch (requests.incrementAndGet()) {
                        case 1 -> new MockResponse.Builder().code(503).build();       // not taken: try later
                        case 2 -> new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build();
                        default -> new MockResponse.Builder().code(201).setHeader("Content-Type", "application/json")
                                .body("{\"sid\":\"SM00000000000000000000000000000009\"}").build();
                    };
                }
            });
            twilio.start();
            var twilioSettings = Map.of(ConfigKey.SENDER, "twilio", ConfigKey.TWILIO_BASE_URL,
                    twilio.url("/").toString(), ConfigKey.TWILIO_ACCOUNT_SID, SID, ConfigKey.TWILIO_FROM,
                    "+15005550006");

            // 1. A first attempt refused; the row is PENDING when Parley stops cleanly. This file is "before the claim".
            long outboxId;
            try (var parley = TestParley.start(home, Clock.systemUTC(), twilioSettings, null)) {
                parley.app.outboxLoop.close();
                var started = parley.http().apiPost("/api/conversations", "{\"channel\":\"sms\",\"to\":"
                        + "\"+15556660101\",\"text\":\"Hello once\",\"actor\":\"ops@example.test\"}");
                assertThat(started.statusCode()).isEqualTo(201);
                outboxId = ParleyHttp.json(started).get("outbox_id").asLong();
                parley.app.deliverOutbox.deliverDue(10);
            }
            assertThat(outboxRow(home, outboxId)).isEqualTo("PENDING 1");
            var beforeTheClaim = Files.copy(store, dir.resolve("before-the-claim.mv.db"));

            // 2. The retry is claimed, journalled and sent; Twilio has it but does not answer; kill -9.
            var child = new ChildParley(home, List.of("api.token=" + TestParley.TOKEN, "sender=twilio",
                    "twilio.base_url=" + twilio.url("/"), "twilio.account_sid=" + SID,
                    "webhooks.twilio.auth_token=" + TestParley.TWILIO_TOKEN, "twilio.from=+15005550006"));
            try {
                child.startAndAwaitHealthy(ChildParley.STARTUP);
                await().atMost(Duration.ofSeconds(30)).until(() -> requests.get() == 2);
                child.kill();
                assertThat(outboxRow(home, outboxId)).as("the killed process's store has the claim").isEqualTo("SENDING 2");
                var journal = new FileReceiptJournal(home.resolve("data/parley.receipts"));
                assertThat(journal.claims()).as("journalled before the request left").singleElement()
                        .satisfies(c -> assertThat(c.outboxId() + " " + c.attempt()).isEqualTo(outboxId + " 2"));

                // 3. The store lost the claim's commit (the file as it was before it); the journal on disk has the claim.
                Files.copy(beforeTheClaim, store, StandardCopyOption.REPLACE_EXISTING);
                assertThat(outboxRow(home, outboxId)).isEqualTo("PENDING 1");

                child.startAndAwaitHealthy(ChildParley.STARTUP);
                var http = new ParleyHttp(child.baseUrl());
                await().atMost(Duration.ofSeconds(30)).until(() -> status(http, outboxId).equals("DELIVERY_UNKNOWN"));
                Thread.sleep(1500); // three outbox rounds: nothing may go out again by itself
                assertThat(requests.get()).as("requests to Twilio").isEqualTo(2);
                assertThat(child.log()).anySatisfy(line -> assertThat(line).contains("claim journal: 1 claims, 1 restored"));

                var again = http.apiPost("/api/outbox/" + outboxId + "/send-again", "{\"actor\":\"ops@example.test\"}");
                assertThat(again.statusCode()).isEqualTo(202);
                await().atMost(Duration.ofSeconds(30)).until(() -> status(http, outboxId).equals("SENT"));
                assertThat(twilio.getRequestCount()).as("sent again once, by the operator").isEqualTo(3);
                child.stop();
            } finally {
                // a failed check must not leave the child running beside the rest of the suite
                if (child.alive()) child.kill();
            }
        }
    }

    /** "STATUS attempts" of an outbox row, read from the (stopped or killed) store's file. */
    private static String outboxRow(Path home, long id) throws SQLException {
        try (var c = java.sql.DriverManager.getConnection(StoreAudit.Jdbc.h2(home).url(), "sa", "");
             var s = c.prepareStatement("select status, attempts from outbox where id = ?")) {
            s.setLong(1, id);
            try (var rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) + " " + rs.getInt(2) : "none";
            }
        }
    }

    private static String status(ParleyHttp http, long outboxId) {
        for (var status : List.of("DELIVERY_UNKNOWN", "SENT", "SENDING", "PENDING")) {
            var items = ParleyHttp.json(http.apiGet("/api/outbox?status=" + status)).get("items");
            for (var item : items) {
                if (item.get("id").asLong() == outboxId) return status;
            }
        }
        return "other";
    }
}
