package dev.parley.bootstrap.bench;

import dev.parley.adapter.http.signature.StandardWebhooks;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Signed generic-webhook requests, built before a timed run so that signing is not part of the measurement. */
public final class BenchMessages {
    /** Messages are spread over this many conversations (pipeline lanes), as with real traffic. */
    static final int CONVERSATIONS = 100;

    private BenchMessages() {
    }

    /** The provider id of message {@code i} of batch {@code batch}. */
    public static String providerId(String batch, int i) {
        return "bench-" + batch + "-" + i;
    }

    public static List<HttpRequest> signed(String baseUrl, String secret, String batch, int count) {
        return signed(List.of(baseUrl), secret, batch, count);
    }

    /** As above, message {@code i} addressed to listener {@code i % baseUrls.size()} (round-robin). */
    public static List<HttpRequest> signed(List<String> baseUrls, String secret, String batch, int count) {
        var signer = StandardWebhooks.of(secret, Clock.systemUTC());
        var uris = baseUrls.stream().map(u -> URI.create(u + "/webhooks/generic")).toList();
        long ts = Clock.systemUTC().instant().getEpochSecond();
        var requests = new ArrayList<HttpRequest>(count);
        for (int i = 0; i < count; i++) {
            var id = providerId(batch, i);
            var body = ("{\"id\":\"" + id + "\",\"channel\":\"sms\",\"conversation\":\"bench-conv-" + (i % CONVERSATIONS)
                    + "\",\"from\":\"+1555000" + (i % CONVERSATIONS) + "\",\"text\":\"benchmark message " + i
                    + " with a few words of ordinary length\"}").getBytes(StandardCharsets.UTF_8);
            var deliveryId = "msg_" + id;
            requests.add(HttpRequest.newBuilder(uris.get(i % uris.size())).timeout(Duration.ofSeconds(30))
                    .header("content-type", "application/json")
                    .header(StandardWebhooks.HEADER_ID, deliveryId)
                    .header(StandardWebhooks.HEADER_TIMESTAMP, Long.toString(ts))
                    .header(StandardWebhooks.HEADER_SIGNATURE, signer.sign(deliveryId, ts, body))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
        }
        return requests;
    }
}
