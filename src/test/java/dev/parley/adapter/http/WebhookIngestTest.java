package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.TestParley;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebhookIngestTest {
    @TempDir Path home;
    TestParley parley;
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() {
        parley = TestParley.start(home);
    }

    @AfterEach
    void stop() {
        parley.close();
    }

    HttpResponse<String> post(String id, String body) throws Exception {
        var signer = StandardWebhooks.of(TestParley.SECRET, Clock.systemUTC());
        long ts = Clock.systemUTC().instant().getEpochSecond();
        var bytes = body.getBytes(StandardCharsets.UTF_8);
        var request = HttpRequest.newBuilder(URI.create(parley.baseUrl() + "/webhooks/generic"))
                .header("webhook-id", id).header("webhook-timestamp", Long.toString(ts))
                .header("webhook-signature", signer.sign(id, ts, bytes))
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void storesOnceAndProcesses() throws Exception {
        var body = "{\"id\":\"SM1\",\"channel\":\"sms\",\"from\":\"+15550100\",\"text\":\"hello\"}";
        var first = post("msg_1", body);
        assertThat(first.statusCode()).isEqualTo(202);
        assertThat(first.body()).contains("\"duplicate\":false");
        var again = post("msg_2", body);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.body()).contains("\"duplicate\":true");
        await().atMost(Duration.ofSeconds(10)).until(() -> parley.app.database.transactions()
                .inTransaction(s -> s.inbox().countByStatus()).get(InboxStatus.PROCESSED) == 1L);
    }
}
