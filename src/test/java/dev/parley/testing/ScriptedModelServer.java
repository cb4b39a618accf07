package dev.parley.testing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;

/**
 * An OpenAI-compatible endpoint on MockWebServer that answers by task (the {@code X-Parley-Task} header): a queue
 * of scripted answers per task, or a function of the request; a task with nothing scripted gets its default (if
 * any) or HTTP 500. Records every request's task and body.
 */
public final class ScriptedModelServer implements AutoCloseable {
    private final MockWebServer server = new MockWebServer();
    private final Map<String, Deque<MockResponse>> queued = new HashMap<>();
    private final Map<String, Function<String, MockResponse>> defaults = new HashMap<>();
    private final List<String> tasks = Collections.synchronizedList(new ArrayList<>());
    private final List<String> bodies = Collections.synchronizedList(new ArrayList<>());
    private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger mostInFlight =
            new java.util.concurrent.atomic.AtomicInteger();
    private final Map<String, java.util.concurrent.CountDownLatch> gates = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile java.time.Duration delay = java.time.Duration.ZERO;

    public ScriptedModelServer() {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
                var task = request.getHeaders().get("X-Parley-Task");
                var body = request.getBody() == null ? "" : request.getBody().utf8();
                tasks.add(task);
                bodies.add(body);
                int now = inFlight.incrementAndGet();
                mostInFlight.accumulateAndGet(now, Math::max);
                try {
                    // a model that takes its time: each request waits here on its own connection's thread
                    Thread.sleep(delay.toMillis());
                    var gate = gates.get(task);
                    if (gate != null) gate.await();
                } finally {
                    inFlight.decrementAndGet();
                }
                synchronized (ScriptedModelServer.this) {
                    var queue = queued.get(task);
                    if (queue != null && !queue.isEmpty()) return queue.poll();
                    var fallback = defaults.get(task);
                    if (fallback != null) return fallback.apply(body);
                }
                return OpenAiResponses.error(500, "server_error", "nothing scripted for task " + task);
            }
        });
        try {
            server.start();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code model.base_url} of this endpoint. */
    public String baseUrl() {
        return server.url("/v1").toString();
    }

    /** Answers the next call of {@code task} with these responses, in order. */
    public synchronized ScriptedModelServer then(String task, MockResponse... responses) {
        queued.computeIfAbsent(task, t -> new ArrayDeque<>()).addAll(List.of(responses));
        return this;
    }

    /** Answers every call of {@code task} that has nothing queued with {@code content} as the message content. */
    public synchronized ScriptedModelServer always(String task, String content) {
        defaults.put(task, body -> OpenAiResponses.completion(content));
        return this;
    }

    /** Answers every call of {@code task} that has nothing queued with a function of the request body. */
    public synchronized ScriptedModelServer always(String task, Function<String, MockResponse> answer) {
        defaults.put(task, answer);
        return this;
    }

    /** Forgets what was asked and queued (defaults stay): for a server shared by several tests. */
    public synchronized void reset() {
        queued.clear();
        tasks.clear();
        bodies.clear();
    }

    /** Every answer comes {@code delay} after its request (a model that takes its time). */
    public ScriptedModelServer delay(java.time.Duration delay) {
        this.delay = delay;
        return this;
    }

    /** Calls of {@code task} get no answer until {@code gate} opens. */
    public ScriptedModelServer holdUntil(String task, java.util.concurrent.CountDownLatch gate) {
        gates.put(task, gate);
        return this;
    }

    /** The most requests this endpoint was answering at once. */
    public int mostInFlight() {
        return mostInFlight.get();
    }

    /** How many requests it answers now. */
    public int inFlight() {
        return inFlight.get();
    }

    /** The tasks asked so far, in order. */
    public List<String> tasks() {
        return List.copyOf(tasks);
    }

    /** The request bodies so far, in order. */
    public List<String> bodies() {
        return List.copyOf(bodies);
    }

    @Override
    public void close() {
        server.close();
    }
}
