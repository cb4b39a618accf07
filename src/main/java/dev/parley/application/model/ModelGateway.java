package dev.parley.application.model;

import java.time.Clock;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way Parley asks a language model. Every call goes to the configured model and is recorded in the call
 * log (task, provider, model, latency, tokens, request hash, outcome; prompt and response only with debug
 * recording). When the configured model fails, times out or its circuit is open — or, for JSON tasks, answers
 * something that is not valid for the task — the built-in offline model answers instead, and the answer says so.
 * A cassette miss is not a model failure: it propagates.
 */
public final class ModelGateway {
    private static final Logger LOG = LoggerFactory.getLogger(ModelGateway.class);
    private static final int MAX_RECORDED_TEXT = 65_536;

    /** What to do when a JSON task's answer is not valid for it. */
    public enum OnInvalid {
        /** Answer with the offline model instead (the deterministic path). */
        FALL_BACK,
        /** Return an empty value with the reason: the caller has its own branch for it (e.g. an invalid plan). */
        REPORT
    }

    private volatile LanguageModel configured;
    private final java.util.List<Consumer<ModelHealth>> healthListeners =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private final LanguageModel offline = new OfflineLanguageModel();
    private final ModelCallLog log;
    private final Clock clock;
    private final boolean debugRecording;
    private final ModelConcurrency concurrency;
    private final java.util.concurrent.atomic.AtomicReference<CassetteMissException> cassetteMiss =
            new java.util.concurrent.atomic.AtomicReference<>();

    /**
     * @param configured     the model of the configuration (possibly the offline one itself, or wrapped in a cassette
     *                       and a {@link CircuitBreakingModel})
     * @param debugRecording also record prompt and response text
     */
    public ModelGateway(LanguageModel configured, ModelCallLog log, Clock clock, boolean debugRecording) {
        this(configured, log, clock, debugRecording, new ModelConcurrency(ModelConcurrency.DEFAULT));
    }

    /** As above; {@code concurrency} bounds how many calls the configured model answers at once. */
    public ModelGateway(LanguageModel configured, ModelCallLog log, Clock clock, boolean debugRecording,
                        ModelConcurrency concurrency) {
        this.concurrency = concurrency;
        this.configured = configured;
        this.log = log;
        this.clock = clock;
        this.debugRecording = debugRecording;
    }

    /** A gateway on the offline model alone, recording nowhere: for tests and tools that need no store. */
    public static ModelGateway offline(Clock clock) {
        return new ModelGateway(new OfflineLanguageModel(), new DiscardingCallLog(), clock, false);
    }

    public String provider() {
        return configured.provider();
    }

    public String model() {
        return configured.model();
    }

    /** The configured model's health (always CLOSED without a circuit breaker). */
    public ModelHealth health() {
        var health = configured instanceof CircuitBreakingModel breaker ? breaker.health()
                : new ModelHealth(provider(), model(), ModelHealth.State.CLOSED, clock.instant(), null);
        return new ModelHealth(health.provider(), health.model(), health.state(), health.since(), health.lastError(),
                concurrency.queued());
    }

    /** Listens to changes of {@link #health()} (nothing happens without a circuit breaker). */
    public void onHealthChange(Consumer<ModelHealth> listener) {
        healthListeners.add(listener);
        if (configured instanceof CircuitBreakingModel breaker) breaker.onChange(listener);
    }

    /**
     * Asks another model from now on (the operator changed the model settings): calls already running finish with
     * the previous one. Health listeners follow the new model, and hear its health once.
     */
    public void reconfigure(LanguageModel model) {
        this.configured = java.util.Objects.requireNonNull(model, "model");
        if (model instanceof CircuitBreakingModel breaker) healthListeners.forEach(breaker::onChange);
        var now = health();
        healthListeners.forEach(l -> l.accept(now));
    }

    /** How many calls the configured model may answer at once, and how many wait. */
    public ModelConcurrency concurrency() {
        return concurrency;
    }

    public ModelCallLog calls() {
        return log;
    }

    /**
     * The first cassette miss since the last call, if any, cleared. A miss propagates to whoever asked (and is
     * retried or failed like any error there); a replay checks this after each event to stop with a clear message.
     */
    public Optional<CassetteMissException> takeCassetteMiss() {
        return Optional.ofNullable(cassetteMiss.getAndSet(null));
    }

    /** Asks for text. Never throws a {@link ModelException}: a failure is answered by the offline model. */
    public ModelAnswer ask(ModelRequest request) {
        var hash = RequestHash.of(request);
        var model = configured;
        var attempt = attempt(model, request, hash, false);
        if (attempt.failure == null) {
            record(attempt.call);
            return new ModelAnswer(attempt.response.content(), model.provider(), attempt.call.model(), null);
        }
        record(attempt.call);
        return fallBack(request, hash, attempt.call.outcome() + ": " + attempt.failure.getMessage());
    }

    /**
     * Asks for a JSON object and reads it with {@code reader}. Content that has no JSON object or that the reader
     * refuses is recorded as {@code invalid_json}; then {@code onInvalid} decides: the offline answer, or an empty
     * value with the reason.
     */
    public <T> JsonAnswer<T> askJson(ModelRequest request, JsonReader<T> reader, OnInvalid onInvalid) {
        var json = request.json() ? request : request.asJson();
        var hash = RequestHash.of(json);
        var model = configured;
        var attempt = attempt(model, json, hash, false);
        if (attempt.failure != null) {
            record(attempt.call);
            var answer = fallBack(json, hash, attempt.call.outcome() + ": " + attempt.failure.getMessage());
            return read(answer, reader).map(v -> new JsonAnswer<>(Optional.of(v), answer, null))
                    .orElseThrow(() -> offlineBug(json));
        }
        var answer = new ModelAnswer(attempt.response.content(), model.provider(), attempt.call.model(), null);
        String invalid;
        try {
            var value = reader.read(JsonContent.object(answer.content()));
            record(attempt.call);
            return new JsonAnswer<>(Optional.of(value), answer, null);
        } catch (IllegalArgumentException e) {
            invalid = e.getMessage();
        } catch (RuntimeException e) {
            invalid = "unreadable: " + e.getClass().getSimpleName();
        }
        record(attempt.call.withOutcome(ModelCall.INVALID_JSON, invalid));
        if (onInvalid == OnInvalid.REPORT) return new JsonAnswer<>(Optional.empty(), answer, invalid);
        if (isOffline(model)) throw offlineBug(json);
        var fallback = fallBack(json, hash, ModelCall.INVALID_JSON + ": " + invalid);
        return read(fallback, reader).map(v -> new JsonAnswer<>(Optional.of(v), fallback, null))
                .orElseThrow(() -> offlineBug(json));
    }

    private static <T> Optional<T> read(ModelAnswer answer, JsonReader<T> reader) {
        try {
            return Optional.of(reader.read(JsonContent.object(answer.content())));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static IllegalStateException offlineBug(ModelRequest request) {
        return new IllegalStateException("the offline answer of task '" + request.task() + "' is not valid for it");
    }

    private ModelAnswer fallBack(ModelRequest request, String hash, String reason) {
        var attempt = attempt(offline, request, hash, true);
        record(attempt.call);
        if (attempt.failure != null) throw new IllegalStateException("offline model failed", attempt.failure);
        return new ModelAnswer(attempt.response.content(), offline.provider(), offline.model(), reason);
    }

    private record Attempt(ModelResponse response, RuntimeException failure, ModelCall call) {
    }

    private Attempt attempt(LanguageModel model, ModelRequest request, String hash, boolean fallback) {
        // Structural, not a habit: a model call inside a transaction would hold H2's one writer for seconds.
        dev.parley.application.TransactionScope.refuse("a model call (task " + request.task() + ")");
        if (isOffline(model)) return attemptNow(model, request, hash, fallback);
        return concurrency.run(request.conversationId(), request.task(),
                () -> attemptNow(model, request, hash, fallback));
    }

    private Attempt attemptNow(LanguageModel model, ModelRequest request, String hash, boolean fallback) {
        var at = clock.instant();
        long started = System.nanoTime();
        ModelResponse response = null;
        RuntimeException failure = null;
        String outcome = ModelCall.OK;
        try {
            response = ModelWait.inLanguageModel(() -> model.complete(request));
        } catch (CassetteMissException e) {
            record(new ModelCall(0, at, request.task(), model.provider(), model.model(), request.conversationId(),
                    millisSince(started), null, null, hash, "cassette_miss", fallback, e.getMessage(), null, null));
            cassetteMiss.compareAndSet(null, e);
            throw e;
        } catch (ModelException e) {
            failure = e;
            outcome = e.outcome().recorded();
        } catch (RuntimeException e) {
            LOG.error("model provider {} failed unexpectedly on task {}", model.provider(), request.task(), e);
            failure = e;
            outcome = ModelException.Outcome.UNAVAILABLE.recorded();
        }
        var call = new ModelCall(0, at, request.task(), model.provider(),
                response != null && response.model() != null ? response.model() : model.model(),
                request.conversationId(), millisSince(started), response == null ? null : response.promptTokens(),
                response == null ? null : response.completionTokens(), hash, outcome, fallback,
                failure == null ? null : clip(failure.getMessage(), 1000),
                debugRecording ? clip(prompt(request), MAX_RECORDED_TEXT) : null,
                debugRecording && response != null ? clip(response.content(), MAX_RECORDED_TEXT) : null);
        return new Attempt(response, failure, call);
    }

    private void record(ModelCall call) {
        try {
            log.record(call);
        } catch (RuntimeException e) {
            LOG.warn("model call of task {} not recorded: {}", call.task(), e.getClass().getName());
        }
    }

    private static boolean isOffline(LanguageModel model) {
        return model instanceof OfflineLanguageModel;
    }

    private static long millisSince(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }

    private static String prompt(ModelRequest request) {
        return request.messages().stream().map(m -> m.role().wire() + ": " + m.content())
                .collect(Collectors.joining("\n"));
    }

    private static String clip(String text, int max) {
        if (text == null) return null;
        return text.length() <= max ? text : text.substring(0, max);
    }
}
