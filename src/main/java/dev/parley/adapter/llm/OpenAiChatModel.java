package dev.parley.adapter.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;
import dev.parley.application.RetryPolicy;
import dev.parley.application.Sleeper;
import dev.parley.application.model.LanguageModel;
import dev.parley.application.model.ModelException;
import dev.parley.application.model.ModelException.Outcome;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.model.ModelResponse;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.random.RandomGenerator;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An OpenAI-compatible {@code POST <base_url>/chat/completions} endpoint (OpenAI, Ollama's {@code /v1}, llama.cpp
 * server, vLLM). Retries 429 and 5xx answers and refused connections up to {@code maxRetries} times, waiting what
 * {@code Retry-After} (or {@code retry-after-ms}) asks, else {@link RetryPolicy#model}'s backoff, both with jitter; a
 * wait longer than {@code maxRetryWait} is not waited out (the call fails and the gateway answers offline). A read
 * timeout is not retried. Logs status codes and timings only, never prompt or answer text.
 */
public final class OpenAiChatModel implements LanguageModel {
    public static final String PROVIDER = "openai";
    private static final Logger LOG = LoggerFactory.getLogger(OpenAiChatModel.class);
    private static final MediaType JSON = MediaType.get("application/json");
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    /** Endpoint and resilience settings ({@code model.*} keys). */
    public record Settings(String baseUrl, String model, String apiKey, Duration connectTimeout,
                           Duration readTimeout, int maxRetries, Duration maxRetryWait) {
        public Settings {
            baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        }
    }

    private final OkHttpClient http;
    private final Settings settings;
    private final Sleeper sleeper;
    private final RandomGenerator random;
    private final RetryPolicy retries;
    private final Clock clock;

    public OpenAiChatModel(OkHttpClient base, Settings settings, Sleeper sleeper, RandomGenerator random,
                           Clock clock) {
        this.http = base.newBuilder()
                .connectTimeout(settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(settings.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .retryOnConnectionFailure(false)
                .build();
        this.settings = settings;
        this.sleeper = sleeper;
        this.random = random;
        this.retries = RetryPolicy.model(settings.maxRetries());
        this.clock = clock;
    }

    @Override
    public String provider() {
        return PROVIDER;
    }

    @Override
    public String model() {
        return settings.model();
    }

    @Override
    public ModelResponse complete(ModelRequest request) {
        var body = RequestBody.create(requestJson(request), JSON);
        long deadline = request.timeout() == null ? Long.MAX_VALUE
                : System.nanoTime() + request.timeout().toNanos();
        for (int attempt = 0; ; attempt++) {
            // The task name travels as a header: proxies and logs can tell calls apart without reading prompts.
            var call = http.newCall(authorised(new Request.Builder().url(settings.baseUrl() + "/chat/completions"))
                    .header("X-Parley-Task", request.task()).post(body).build());
            if (deadline != Long.MAX_VALUE) {
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) throw new ModelException(Outcome.TIMEOUT, "no time left for attempt " + (attempt + 1));
                call.timeout().timeout(remaining, TimeUnit.NANOSECONDS);
            }
            Duration wait;
            ModelException failure;
            try (Response response = call.execute()) {
                int code = response.code();
                var text = response.body().string();
                if (response.isSuccessful()) return parse(text);
                var message = "HTTP " + code + errorDetail(text);
                if (code == 429 || code >= 500) {
                    failure = new ModelException(code == 429 ? Outcome.RATE_LIMITED : Outcome.HTTP_ERROR, message);
                    var asked = retryAfter(response);
                    wait = asked.isPresent() ? RetryPolicy.aboveAsked(asked.get(), random)
                            : retries.delay(attempt + 1, random);
                } else {
                    throw new ModelException(Outcome.HTTP_ERROR, message);
                }
            } catch (InterruptedIOException e) {
                throw new ModelException(Outcome.TIMEOUT, "timed out: " + e.getMessage(), e);
            } catch (IOException e) {
                failure = new ModelException(Outcome.UNAVAILABLE, "unreachable: " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : " " + e.getMessage()), e);
                wait = retries.delay(attempt + 1, random);
            }
            if (!retries.triesAgainAfter(attempt + 1)) throw failure;
            if (wait.compareTo(settings.maxRetryWait()) > 0) {
                throw new ModelException(failure.outcome(), failure.getMessage() + "; asked to wait " + wait.toMillis()
                        + " ms, more than model.max_retry_wait");
            }
            if (System.nanoTime() + wait.toNanos() >= deadline) throw failure;
            LOG.debug("model call attempt {} failed ({}), retrying in {} ms", attempt + 1, failure.outcome(),
                    wait.toMillis());
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ModelException(Outcome.UNAVAILABLE, "interrupted while waiting to retry", e);
            }
        }
    }

    private Request.Builder authorised(Request.Builder builder) {
        if (settings.apiKey() != null && !settings.apiKey().isBlank()) {
            builder.header("Authorization", "Bearer " + settings.apiKey());
        }
        return builder;
    }

    private String requestJson(ModelRequest request) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("model", settings.model());
        var messages = root.putArray("messages");
        for (var m : request.messages()) {
            messages.addObject().put("role", m.role().wire()).put("content", m.content());
        }
        if (request.temperature() != null) root.put("temperature", request.temperature());
        if (request.maxTokens() != null) root.put("max_tokens", request.maxTokens());
        if (request.json()) root.putObject("response_format").put("type", "json_object");
        root.put("stream", false);
        return root.toString();
    }

    private static ModelResponse parse(String body) {
        JsonNode root;
        try {
            root = MAPPER.readTree(body);
        } catch (IOException e) {
            throw new ModelException(Outcome.BAD_RESPONSE, "answer is not JSON");
        }
        var choices = root == null ? null : root.get("choices");
        if (choices == null || !choices.isArray() || choices.isEmpty()) {
            throw new ModelException(Outcome.BAD_RESPONSE, "answer has no choices");
        }
        var message = choices.get(0).path("message");
        var content = message.path("content");
        var usage = root.path("usage");
        return new ModelResponse(content.isTextual() ? content.asText() : "",
                root.path("model").isTextual() ? root.get("model").asText() : null,
                usage.path("prompt_tokens").isInt() ? usage.get("prompt_tokens").asInt() : null,
                usage.path("completion_tokens").isInt() ? usage.get("completion_tokens").asInt() : null);
    }

    /** The provider's error message ({@code {"error": {"message": …}}}), clipped; it never contains our prompt. */
    static String errorDetail(String body) {
        try {
            var node = MAPPER.readTree(body);
            var message = node == null ? null : node.path("error").path("message");
            if (message == null || !message.isTextual()) message = node == null ? null : node.path("error");
            if (message != null && message.isTextual()) {
                var text = message.asText();
                return ": " + (text.length() > 200 ? text.substring(0, 200) + "…" : text);
            }
        } catch (IOException | RuntimeException ignored) {
            // not JSON: no detail
        }
        return "";
    }

    /** {@code retry-after-ms}, or {@code Retry-After} as seconds or an HTTP date. */
    private java.util.Optional<Duration> retryAfter(Response response) {
        var millis = response.header("retry-after-ms");
        if (millis != null) {
            try {
                return java.util.Optional.of(Duration.ofMillis(Math.max(0, (long) Double.parseDouble(millis.trim()))));
            } catch (NumberFormatException ignored) {
                // fall through to Retry-After
            }
        }
        var value = response.header("Retry-After");
        if (value == null || value.isBlank()) return java.util.Optional.empty();
        try {
            return java.util.Optional.of(Duration.ofMillis((long) (Double.parseDouble(value.trim()) * 1000)));
        } catch (NumberFormatException notSeconds) {
            try {
                var at = java.time.ZonedDateTime.parse(value.trim(), java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME);
                var wait = Duration.between(Instant.now(clock), at.toInstant());
                return java.util.Optional.of(wait.isNegative() ? Duration.ZERO : wait);
            } catch (java.time.format.DateTimeParseException e) {
                return java.util.Optional.empty();
            }
        }
    }}
