package dev.parley.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.application.JsonMappers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;

/** Real HTTP against a running Parley: signed generic webhooks and the operator API. */
public final class ParleyHttp {
    public static final ObjectMapper JSON = JsonMappers.PLAIN;
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final String baseUrl;

    public ParleyHttp(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String baseUrl() {
        return baseUrl;
    }

    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(20));
    }

    public HttpResponse<String> send(HttpRequest request) {
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A generic webhook signed with {@link TestParley#SECRET}, timestamped by {@code clock}. */
    public HttpResponse<String> postGeneric(String webhookId, String body, Clock clock) {
        var bytes = body.getBytes(StandardCharsets.UTF_8);
        long ts = clock.instant().getEpochSecond();
        var signature = StandardWebhooks.of(TestParley.SECRET, clock).sign(webhookId, ts, bytes);
        return send(request("/webhooks/generic").header("content-type", "application/json")
                .header(StandardWebhooks.HEADER_ID, webhookId)
                .header(StandardWebhooks.HEADER_TIMESTAMP, Long.toString(ts))
                .header(StandardWebhooks.HEADER_SIGNATURE, signature)
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build());
    }

    /** A generic webhook JSON body. */
    public static String message(String id, String channel, String from, String text) {
        var node = JSON.createObjectNode().put("id", id).put("channel", channel).put("from", from).put("text", text);
        return node.toString();
    }

    /** A generic webhook JSON body naming a playbook. */
    public static String message(String id, String channel, String from, String text, String playbook) {
        var node = JSON.createObjectNode().put("id", id).put("channel", channel).put("from", from).put("text", text)
                .put("playbook", playbook);
        return node.toString();
    }

    public HttpResponse<String> apiGet(String path) {
        return send(request(path).header("Authorization", "Bearer " + TestParley.TOKEN).GET().build());
    }

    public HttpResponse<String> apiPost(String path, String json) {
        return send(request(path).header("Authorization", "Bearer " + TestParley.TOKEN)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    public static JsonNode json(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
