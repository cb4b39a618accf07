package dev.parley.testing;

import dev.parley.adapter.http.signature.StandardWebhooks;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;

/** A generic webhook as a provider sends it: signed (Standard Webhooks), a fresh delivery id per attempt. */
public final class SignedWebhook {
    private SignedWebhook() {
    }

    /** A POST of {@code json} to {@code baseUrl}'s generic webhook, signed with {@code secret} now. */
    public static HttpRequest generic(String baseUrl, String secret, String json, String deliveryId,
                                      Duration timeout) {
        var body = json.getBytes(StandardCharsets.UTF_8);
        long ts = Clock.systemUTC().instant().getEpochSecond();
        return HttpRequest.newBuilder(URI.create(baseUrl + "/webhooks/generic")).timeout(timeout)
                .header("content-type", "application/json")
                .header(StandardWebhooks.HEADER_ID, deliveryId)
                .header(StandardWebhooks.HEADER_TIMESTAMP, Long.toString(ts))
                .header(StandardWebhooks.HEADER_SIGNATURE, StandardWebhooks.of(secret, Clock.systemUTC())
                        .sign(deliveryId, ts, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
    }
}
