package dev.parley.bootstrap.bench;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** C clients, each sending the next request as soon as its previous one was answered (closed loop). */
final class LoadGenerator {
    /** Times are {@link System#nanoTime()}; {@code sendNanos[i]} is taken just before request i is sent. */
    record Result(long firstSendNanos, long lastAckNanos, long[] sendNanos) {
        double perSecond() {
            return sendNanos.length / ((lastAckNanos - firstSendNanos) / 1e9);
        }
    }

    private LoadGenerator() {
    }

    static Result run(List<HttpRequest> requests, int clients) throws InterruptedException {
        var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        var next = new AtomicInteger();
        var sendNanos = new long[requests.size()];
        var lastAck = new AtomicLong();
        var failure = new AtomicLong(-1);
        long first = System.nanoTime();
        var threads = new Thread[clients];
        for (int c = 0; c < clients; c++) {
            threads[c] = Thread.ofPlatform().name("bench-client-" + c).start(() -> {
                for (int i; (i = next.getAndIncrement()) < requests.size() && failure.get() < 0; ) {
                    sendNanos[i] = System.nanoTime();
                    try {
                        int status = http.send(requests.get(i), HttpResponse.BodyHandlers.discarding()).statusCode();
                        if (status / 100 != 2) failure.set(status);
                    } catch (Exception e) {
                        failure.set(0);
                    }
                    lastAck.accumulateAndGet(System.nanoTime(), Math::max);
                }
            });
        }
        for (var t : threads) t.join();
        http.close();
        if (failure.get() >= 0) throw new IllegalStateException("benchmark request failed (HTTP " + failure.get() + ")");
        return new Result(first, lastAck.get(), sendNanos);
    }
}
