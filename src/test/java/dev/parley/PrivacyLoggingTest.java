package dev.parley;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.read.ListAppender;
import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.adapter.http.signature.TwilioSignature;
import dev.parley.adapter.http.webhook.FormBody;
import dev.parley.application.ManualClock;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedPlaybook;
import dev.parley.testing.TestParley;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.Credentials;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * Drives distinctive phone numbers, texts and credentials through every path that logs (success, duplicates,
 * bad signatures, invalid bodies, over-long fields, playbook failures, alerts, provider errors, opt-outs), with DEBUG
 * on, then looks for them in everything logged: the log files under {@code parley.log.dir}, the events captured in
 * memory (the same events the console appender writes to stderr) and H2's trace file, if any.
 */
class PrivacyLoggingTest {
    static final String PHONE = "+15550199317";
    static final String WHATSAPP = "+447700900461";
    static final String OPERATOR_TO = "+15550188442";
    static final String OPTED_OUT = "+15550177553";
    static final String TEXT = "marmalade-zebra-7731";
    static final String TWILIO_TEXT = "quokka-umbrella-5512";
    static final String OPERATOR_TEXT = "pelican-harbor-9034";
    static final String REPLY_TEXT = "lantern-orchid-6620";
    static final String TWILIO_AUTH = "tw-auth-privacy-8841";
    static final String SID = "ACprivacy0000000000000000000000001";

    @TempDir Path home;

    @Test
    void noMessageContentAddressOrCredentialIsEverLogged() throws Exception {
        var root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        var captured = new ListAppender<ILoggingEvent>();
        captured.start();
        root.addAppender(captured);
        var previousLevel = root.getLevel();
        root.setLevel(Level.DEBUG);
        try (var twilio = new MockWebServer()) {
            twilio.start();
            driveTraffic(twilio);
        } finally {
            root.setLevel(previousLevel);
            root.detachAppender(captured);
        }

        var forbidden = List.of(PHONE, PHONE.substring(1), WHATSAPP, WHATSAPP.substring(1), OPERATOR_TO,
                OPERATOR_TO.substring(1), OPTED_OUT, OPTED_OUT.substring(1), TEXT, TWILIO_TEXT, OPERATOR_TEXT,
                REPLY_TEXT, TestParley.TOKEN, TestParley.SECRET, TestParley.SECRET.substring("whsec_".length()),
                TWILIO_AUTH, Credentials.basic(SID, TWILIO_AUTH));

        var logged = new StringBuilder();
        captured.list.forEach(e -> append(logged, e));
        assertThat(captured.list).as("the capture saw the traffic").hasSizeGreaterThan(10);
        assertThat(logged).contains("CRITICAL ALERT", "FAILED");
        for (var value : forbidden) {
            assertThat(logged.toString()).as("captured log events").doesNotContain(value);
        }

        var logDir = Path.of(System.getProperty("parley.log.dir", "target/test-logs"));
        var files = new ArrayList<Path>();
        try (var walk = Files.walk(logDir)) {
            walk.filter(Files::isRegularFile).forEach(files::add);
        }
        assertThat(files).as("log files under " + logDir).isNotEmpty();
        var fileText = new StringBuilder();
        for (var file : files) {
            fileText.append(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        }
        assertThat(fileText).as("the log files saw the traffic").contains("CRITICAL ALERT");
        for (var value : forbidden) {
            assertThat(fileText.toString()).as("log files").doesNotContain(value);
        }

        // H2's own trace file would record failed statements with their values: there must be none, or a clean one.
        try (var walk = Files.walk(home)) {
            for (var trace : walk.filter(f -> f.getFileName().toString().endsWith(".trace.db")).toList()) {
                var traced = Files.readString(trace, StandardCharsets.ISO_8859_1);
                for (var value : forbidden) {
                    assertThat(traced).as(trace.toString()).doesNotContain(value);
                }
            }
        }
    }

    private void driveTraffic(MockWebServer twilio) throws IOException, InterruptedException {
        var clock = new ManualClock(Instant.now());
        var playbook = new ScriptedPlaybook(true);
        try (var parley = TestParley.start(home, clock, Map.of(ConfigKey.SENDER, "twilio",
                ConfigKey.TWILIO_BASE_URL, twilio.url("/").toString(), ConfigKey.TWILIO_ACCOUNT_SID, SID,
                ConfigKey.TWILIO_FROM, "+15005550006", ConfigKey.WEBHOOKS_TWILIO_AUTH_TOKEN, TWILIO_AUTH),
                null, List.of(playbook))) {
            var http = parley.http();
            parley.app.outboxLoop.close();

            // Generic webhooks: accepted, duplicate, wrongly signed, invalid, failing playbook, alert.
            http.postGeneric("wh-p1", ParleyHttp.message("priv-1", "sms", PHONE, TEXT, "scripted"), clock);
            http.postGeneric("wh-p1b", ParleyHttp.message("priv-1", "sms", PHONE, TEXT, "scripted"), clock);
            http.send(http.request("/webhooks/generic").header(StandardWebhooks.HEADER_ID, "wh-bad")
                    .header(StandardWebhooks.HEADER_TIMESTAMP, Long.toString(clock.instant().getEpochSecond()))
                    .header(StandardWebhooks.HEADER_SIGNATURE, "v1,Zm9yZ2Vk")
                    .POST(HttpRequest.BodyPublishers.ofString(ParleyHttp.message("priv-x", "sms", PHONE, TEXT)))
                    .build());
            http.postGeneric("wh-p2", "{\"id\":\"priv-2\",\"from\":\"" + PHONE + "\",\"text\":{\"t\":\"" + TEXT
                    + "\"}}", clock);
            http.postGeneric("wh-p3", ParleyHttp.message("priv-3", "sms", PHONE, "boom " + TEXT, "scripted"), clock);
            http.postGeneric("wh-p4", ParleyHttp.message("priv-4", "sms", WHATSAPP, TEXT, "no-such-playbook"),
                    clock);
            // Over-long fields: refused with 400 before the store, whose error would quote them.
            http.postGeneric("wh-p4b", ParleyHttp.message("priv-4b", "sms", PHONE.repeat(30), TEXT), clock);
            http.postGeneric("wh-p4c", "{\"id\":\"priv-4c\",\"from\":\"" + PHONE + "\",\"text\":\"" + TEXT
                    + "\",\"sender_name\":\"" + WHATSAPP.repeat(30) + "\"}", clock);
            await().atMost(Duration.ofSeconds(10)).until(() -> parley.app.database.transactions()
                    .inTransaction(s -> s.inbox().byStatus(InboxStatus.RECEIVED, 10)).stream()
                    .anyMatch(r -> r.attempts() == 1));
            playbook.broken.set(false);
            clock.advance(Duration.ofSeconds(2));
            http.postGeneric("wh-p5", ParleyHttp.message("priv-5", "sms", PHONE, "alert", "scripted"), clock);
            http.postGeneric("wh-p6", ParleyHttp.message("priv-6", "sms", PHONE, "echo " + TEXT, "scripted"), clock);

            // Twilio inbound: signed, forged.
            var form = "MessageSid=SMprivacy0001&AccountSid=" + SID + "&From="
                    + URLEncoder.encode("whatsapp:" + WHATSAPP, StandardCharsets.UTF_8)
                    + "&To=whatsapp%3A%2B15005550006"
                    + "&Body=" + TWILIO_TEXT + "&NumMedia=0&ProfileName=" + TWILIO_TEXT;
            var url = "http://127.0.0.1:" + parley.app.port() + "/webhooks/twilio";
            var signature = new TwilioSignature(TWILIO_AUTH).compute(url,
                    FormBody.parse(form.getBytes(StandardCharsets.UTF_8)).asMap());
            for (var sig : List.of(signature, "Zm9yZ2Vk")) {
                http.send(http.request("/webhooks/twilio").header("Content-Type", "application/x-www-form-urlencoded")
                        .header(TwilioSignature.HEADER, sig).POST(HttpRequest.BodyPublishers.ofString(form)).build());
            }

            // Operator: start conversations, reply; sends succeed, fail and retry, and hit an opt-out.
            twilio.enqueue(new MockResponse.Builder().code(500).body("{\"code\":20500,\"message\":\"" + OPERATOR_TEXT
                    + "\",\"status\":500}").build());
            twilio.enqueue(new MockResponse.Builder().code(201).body("{\"sid\":\"SMp1\"}").build());
            twilio.enqueue(new MockResponse.Builder().code(400).body("{\"code\":21610,\"message\":\"Attempt to send "
                    + "to unsubscribed recipient " + OPTED_OUT + "\",\"status\":400}").build());
            for (int i = 0; i < 5; i++) {
                twilio.enqueue(new MockResponse.Builder().code(201).body("{\"sid\":\"SMp" + (i + 2) + "\"}").build());
            }
            http.apiPost("/api/conversations", "{\"channel\":\"sms\",\"to\":\"" + OPERATOR_TO + "\",\"text\":\""
                    + OPERATOR_TEXT + "\",\"actor\":\"ops\"}");
            http.apiPost("/api/conversations", "{\"channel\":\"sms\",\"to\":\"" + OPTED_OUT + "\",\"text\":\""
                    + OPERATOR_TEXT + "\",\"actor\":\"ops\"}");
            http.apiPost("/api/conversations", "{\"channel\":\"sms\",\"to\":\"" + OPERATOR_TO + "\",\"text\":\""
                    + OPERATOR_TEXT + "\",\"actor\":\"ops\"}");
            http.apiPost("/api/conversations", "{\"channel\":\"sms\",\"to\":\"" + PHONE + "\",\"text\":\""
                    + OPERATOR_TEXT + "\"}");
            parley.app.deliverOutbox.deliverDue(10);
            clock.advance(Duration.ofMinutes(5));
            parley.app.deliverOutbox.deliverDue(10);
            assertThat(twilio.takeRequest(1, TimeUnit.SECONDS)).isNotNull();

            var conversations = parley.app.find.page(new dev.parley.application.store.ConversationQuery("sms", PHONE,
                    null, null, 1, null, null));
            if (!conversations.isEmpty()) {
                http.apiPost("/api/conversations/" + conversations.getFirst().id() + "/reply",
                        "{\"text\":\"" + REPLY_TEXT + "\",\"actor\":\"ops\"}");
                http.apiPost("/api/conversations/" + conversations.getFirst().id() + "/unblock",
                        "{\"resume_state\":\"Open\",\"note\":\"" + REPLY_TEXT + "\",\"actor\":\"ops\"}");
            }
            http.send(http.request("/api/conversations").header("Authorization", "Bearer " + TestParley.TOKEN + "x")
                    .GET().build());
            await().atMost(Duration.ofSeconds(10)).until(() -> parley.inboxCounts().get(InboxStatus.RECEIVED) == 0);
            parley.app.deliverOutbox.deliverDue(10);
            var outbox = parley.app.database.transactions().inTransaction(s -> s.outbox().countByStatus());
            assertThat(outbox.get(OutboxStatus.DENIED) + outbox.get(OutboxStatus.DELIVERY_UNKNOWN))
                    .as("refused and unknown sends were exercised").isPositive();
        }
    }

    private static void append(StringBuilder out, ILoggingEvent event) {
        out.append(event.getLoggerName()).append(' ').append(event.getFormattedMessage()).append(' ')
                .append(event.getMDCPropertyMap()).append('\n');
        for (IThrowableProxy t = event.getThrowableProxy(); t != null; t = t.getCause()) {
            out.append(t.getClassName()).append(": ").append(t.getMessage()).append('\n');
        }
    }
}
