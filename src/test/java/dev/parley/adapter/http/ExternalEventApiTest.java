package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.operator.DeliverExternalEvent;
import dev.parley.testing.TestParley;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExternalEventApiTest {
    @TempDir Path home;
    final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<String> post(TestParley parley, String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(parley.baseUrl() + path))
                .header("Authorization", "Bearer " + TestParley.TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void deliversAnEventToThePlaybookAndRecordsIt() throws Exception {
        try (var parley = TestParley.start(home)) {
            var started = post(parley, "/api/conversations",
                    "{\"channel\":\"sms\",\"to\":\"+15550300\",\"text\":\"hi\",\"actor\":\"dana\"}");
            assertThat(started.statusCode()).isEqualTo(201);
            var event = post(parley, "/api/conversations/1/events",
                    "{\"name\":\"tour_confirmed\",\"data\":{\"slot\":\"mon\"},\"actor\":\"ops-bot\"}");
            assertThat(event.statusCode()).as(event.body()).isEqualTo(202);
            assertThat(event.body()).contains("\"event\":\"tour_confirmed\"");
            var timeline = parley.app.find.detail(1).events();
            assertThat(timeline).anySatisfy(e -> {
                assertThat(e.type()).isEqualTo(DeliverExternalEvent.TIMELINE_TYPE);
                assertThat(e.detailJson()).contains("\"slot\":\"mon\"");
                assertThat(e.actor()).isEqualTo("ops-bot");
            });
            assertThat(post(parley, "/api/conversations/1/events", "{\"name\":\"Bad Name\"}").statusCode())
                    .isEqualTo(400);
            assertThat(post(parley, "/api/conversations/1/events", "{\"name\":\"x\",\"data\":[1]}").statusCode())
                    .isEqualTo(400);
            assertThat(post(parley, "/api/conversations/99/events", "{\"name\":\"x\"}").statusCode()).isEqualTo(404);
        }
    }
}
