package dev.parley.testing;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sends signed generic webhooks from concurrent clients, like a provider: a message counts as delivered only when
 * it got a 2xx; one that got no answer (connection reset by a crash) is queued and sent again later.
 */
public final class WebhookBlaster {
    private final String secret;
    private final int clients;
    private final int conversations;
    private final AtomicLong sequence = new AtomicLong();
    /** Provider ids that got a 2xx. */
    public final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    /** Provider ids sent at least once. */
    public final Set<String> sent = ConcurrentHashMap.newKeySet();
    /** Answers that are neither 2xx nor 503 (a bug, not a crash). */
    public final ConcurrentLinkedQueue<String> unexpected = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> unanswered = new ConcurrentLinkedQueue<>();

    public WebhookBlaster(String secret, int clients, int conversations) {
        this.secret = secret;
        this.clients = clients;
        this.conversations = conversations;
    }

    /** Blasts until {@link #stop} is set: unanswered messages first, then new ones; returns when all clients ended. */
    public Thread[] start(String baseUrl, AtomicBoolean stop) {
        var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
        var threads = new Thread[clients];
        for (int c = 0; c < clients; c++) {
            threads[c] = Thread.ofVirtual().name("blaster-" + c).start(() -> {
                while (!stop.get()) {
                    var id = unanswered.poll();
                    if (id == null) id = "km-" + sequence.incrementAndGet();
                    send(http, baseUrl, id);
                }
            });
        }
        return threads;
    }

    /** Sends every unanswered message again until each got a 2xx (the child must be up). */
    public void deliverUnanswered(String baseUrl) {
        var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (int attempt = 0; attempt < 5 && !unanswered.isEmpty(); attempt++) {
            var ids = new ArrayList<String>();
            for (String id; (id = unanswered.poll()) != null; ) ids.add(id);
            ids.forEach(id -> send(http, baseUrl, id));
        }
    }

    /**
     * Sends every acknowledged message again, as a provider retrying a delivery it thinks failed would; returns the
     * ids whose answer was not 200 with {@code "duplicate":true} (each with what came back instead).
     */
    public java.util.List<String> resendAcknowledged(String baseUrl) {
        var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        var wrong = new java.util.ArrayList<String>();
        for (var id : new java.util.TreeSet<>(acknowledged)) {
            try {
                var response = http.send(request(baseUrl, id), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() != 200 || !response.body().contains("\"duplicate\":true")) {
                    wrong.add(id + ": HTTP " + response.statusCode() + " " + response.body());
                }
            } catch (IOException e) {
                wrong.add(id + ": " + e.getClass().getSimpleName());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                wrong.add(id + ": interrupted");
            }
        }
        return wrong;
    }

    public int unansweredCount() {
        return unanswered.size();
    }

    private void send(HttpClient http, String baseUrl, String id) {
        var request = request(baseUrl, id);
        sent.add(id);
        try {
            int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status / 100 == 2) {
                acknowledged.add(id);
                return;
            }
            if (status != 503) {
                unexpected.add(id + ": HTTP " + status);
                return;
            }
        } catch (IOException crashed) {
            // no answer: the provider will try again
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        unanswered.add(id);
    }

    /** The signed delivery of message {@code id} (its body is the same every time it is sent). */
    private HttpRequest request(String baseUrl, String id) {
        long n = Long.parseLong(id.substring(3));
        var body = "{\"id\":\"" + id + "\",\"channel\":\"sms\",\"conversation\":\"kconv-" + (n % conversations)
                + "\",\"from\":\"+1555010" + (n % conversations) + "\",\"text\":\"crash test " + n + "\"}";
        return SignedWebhook.generic(baseUrl, secret, body, "msg_" + id + "_" + System.nanoTime(),
                Duration.ofSeconds(10));
    }
}
