package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.http.signature.TwilioSignature;
import dev.parley.adapter.http.webhook.FormBody;
import dev.parley.testing.ChildParley;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import dev.parley.testing.WebhookBlaster;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code parley serve} process: what over-long fields leave behind in its log, its stderr and H2's trace
 * (nothing of their content), the modes of what it writes, and the order it stops in on SIGTERM.
 */
class ServeProcessTest {
    static final String PHONE = "+15550144093";
    static final String NAME = "Quentin Marblewood";
    static final List<String> SETTINGS = List.of("api.token=" + TestParley.TOKEN,
            "webhooks.generic.secret=" + TestParley.SECRET, "webhooks.twilio.auth_token=" + TestParley.TWILIO_TOKEN,
            "db.pool_size=8");

    @TempDir Path home;

    /** One child for both checks: a child's start is most of this test's time. */
    @Test
    void overLongFieldsLeaveNoContentInLogStderrOrTraceFilesAreOwnerOnlyAndSigtermStopsInOrder() throws Exception {
        var child = new ChildParley(home, SETTINGS);
        child.startAndAwaitHealthy(ChildParley.STARTUP);
        try {
            sendOverLongFields(child);
        } catch (AssertionError | RuntimeException e) {
            child.stop();
            throw e;
        }
        stopWhileTrafficFlows(child);
        assertNoContentLeft();
        assertOwnerOnly();
    }

    private void sendOverLongFields(ChildParley child) {
        var http = new ParleyHttp(child.baseUrl());
        var longPhone = PHONE.repeat(30);
        for (var field : List.of("from", "to", "conversation", "sender_name", "id", "reply_to", "playbook")) {
            var body = ParleyHttp.JSON.createObjectNode().put("id", "over-" + field).put("channel", "sms")
                    .put("from", PHONE).put("text", "hello " + NAME).put(field, longPhone + NAME);
            var response = http.postGeneric("wh-" + field, body.toString(), Clock.systemUTC());
            assertThat(response.statusCode()).as(field + ": " + response.body()).isEqualTo(400);
            assertThat(ParleyHttp.json(response).get("field").asText()).isEqualTo(field);
        }
        for (var field : List.of("From", "ProfileName", "Body")) {
            var response = twilio(http, child, field, field.equals("Body") ? "x".repeat(16_001) + PHONE
                    : longPhone + NAME);
            assertThat(response.statusCode()).as(field + ": " + response.body()).isEqualTo(400);
        }
        var accepted = http.postGeneric("wh-ok", ParleyHttp.message("within-1", "sms", PHONE, "hi " + NAME),
                Clock.systemUTC());
        assertThat(accepted.statusCode()).isEqualTo(202);
        var started = http.apiPost("/api/conversations", "{\"channel\":\"sms\",\"to\":\"+15550144094\","
                + "\"text\":\"hi\",\"actor\":\"ops\"}");
        long id = ParleyHttp.json(started).get("id").asLong();
        var event = http.apiPost("/api/conversations/" + id + "/events", "{\"name\":\"tour_confirmed\",\"data\":"
                + "{\"phone\":\"" + PHONE.repeat(700) + "\"}}");
        assertThat(event.statusCode()).as(event.body()).isEqualTo(400);
    }

    private void assertNoContentLeft() throws IOException {
        var scanned = new ArrayList<Path>();
        try (var files = Files.walk(home)) {
            for (var file : files.filter(Files::isRegularFile).toList()) {
                var name = file.getFileName().toString();
                assertThat(name).as("no H2 trace file").doesNotEndWith(".trace.db");
                if (name.endsWith(".log")) {
                    scanned.add(file);
                    var text = Files.readString(file, StandardCharsets.ISO_8859_1);
                    for (var secret : List.of(PHONE, PHONE.substring(1), NAME)) {
                        assertThat(text).as(file.toString()).doesNotContain(secret);
                    }
                }
            }
        }
        assertThat(scanned).as("the child's stderr and its parley.log were scanned")
                .contains(home.resolve("child-console.log"), home.resolve("logs").resolve("parley.log"));
        assertThat(Files.readString(home.resolve("logs").resolve("parley.log"))).contains("listening on");
    }

    private void assertOwnerOnly() throws IOException {
        assertThat(mode(home.resolve("data"))).isEqualTo("rwx------");
        assertThat(mode(home.resolve("logs"))).isEqualTo("rwx------");
        assertThat(mode(home.resolve("logs").resolve("parley.log"))).isEqualTo("rw-------");
        assertThat(mode(home.resolve("data").resolve("parley.mv.db"))).isEqualTo("rw-------");
        assertThat(mode(home.resolve("parley.properties"))).isEqualTo("rw-------");
    }

    /** SIGTERM under load: Parley's hook stops listener and workers, then closes the store (H2's hook is off). */
    private void stopWhileTrafficFlows(ChildParley child) throws Exception {
        var blaster = new WebhookBlaster(TestParley.SECRET, 4, 3);
        var stop = new AtomicBoolean();
        var clients = blaster.start(child.baseUrl(), stop);
        Thread.sleep(700);
        child.stop();
        stop.set(true);
        for (var client : clients) client.join();

        var log = Files.readString(home.resolve("child-console.log"));
        assertThat(blaster.acknowledged).as("traffic was flowing").isNotEmpty();
        assertThat(log).contains("shutting down", "listener stopped", "store closed");
        assertThat(log.indexOf("listener stopped")).isLessThan(log.indexOf("store closed"));
        assertThat(log).doesNotContain("store unavailable", "receipt not stored", "StoreUnavailableException",
                "Database is already closed", "A fatal error has been detected");
        assertThat(home.resolve("data").resolve("parley.open")).as("closed cleanly").doesNotExist();
        assertThat(home.resolve("data").resolve("parley.receipts")).as("the receipt journal, discarded at the clean close")
                .doesNotExist();
    }

    private static HttpResponse<String> twilio(ParleyHttp http, ChildParley child, String field, String value) {
        var form = "MessageSid=SMover" + field + "&From=" + URLEncoder.encode(PHONE, StandardCharsets.UTF_8)
                + "&Body=hi";
        form = form.replaceAll("(^|&)" + field + "=[^&]*", "") + "&" + field + "="
                + URLEncoder.encode(value, StandardCharsets.UTF_8);
        var signature = new TwilioSignature(TestParley.TWILIO_TOKEN).compute(child.baseUrl() + "/webhooks/twilio",
                FormBody.parse(form.getBytes(StandardCharsets.UTF_8)).asMap());
        return http.send(http.request("/webhooks/twilio").header("Content-Type", "application/x-www-form-urlencoded")
                .header(TwilioSignature.HEADER, signature).POST(HttpRequest.BodyPublishers.ofString(form)).build());
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
