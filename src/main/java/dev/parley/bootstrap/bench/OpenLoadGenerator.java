package dev.parley.bootstrap.bench;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Open loop: request i is sent at {@code start + i / rate}, whatever became of the earlier ones, as independent
 * senders (Twilio, a bridge) would. Latencies count from the intended send time, so a stall of the server is not
 * hidden by a client that waited for it (no coordinated omission).
 */
final class OpenLoadGenerator {
    /**
     * Times are {@link System#nanoTime()}: when request i was due, when it was handed to the client, when its 2xx came
     * (0 when none came).
     */
    record Result(long[] intendedNanos, long[] sentNanos, long[] answeredNanos, int failures) {
        /** Requests a second as actually sent (below the rate asked for when the generator fell behind). */
        double achievedRate() {
            int n = sentNanos.length;
            return n < 2 ? n : (n - 1) / ((sentNanos[n - 1] - sentNanos[0]) / 1e9);
        }
    }

    private OpenLoadGenerator() {
    }

    static Result run(List<HttpRequest> requests, double rate, Duration answerTimeout) throws InterruptedException {
        int n = requests.size();
        var intended = new long[n];
        var sent = new long[n];
        var answered = new long[n];
        var failures = new AtomicInteger();
        var done = new CountDownLatch(n);
        try (var executor = Executors.newVirtualThreadPerTaskExecutor();
             var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor).build()) {
            long interval = (long) (1e9 / rate);
            long start = System.nanoTime() + 20_000_000L;
            for (int i = 0; i < n; i++) {
                long at = start + i * interval;
                for (long wait; (wait = at - System.nanoTime()) > 0; ) LockSupport.parkNanos(wait);
                intended[i] = at;
                sent[i] = System.nanoTime();
                int index = i;
                http.sendAsync(requests.get(i), HttpResponse.BodyHandlers.discarding()).whenComplete((response, e) -> {
                    if (e == null && response.statusCode() / 100 == 2) {
                        answered[index] = System.nanoTime();
                    } else {
                        failures.incrementAndGet();
                    }
                    done.countDown();
                });
            }
            if (!done.await(answerTimeout.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException("requests not answered within " + answerTimeout);
            }
        }
        return new Result(intended, sent, answered, failures.get());
    }
}
