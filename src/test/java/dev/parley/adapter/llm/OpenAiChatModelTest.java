package dev.parley.adapter.llm;

import static dev.parley.testing.OpenAiResponses.completion;
import static dev.parley.testing.OpenAiResponses.error;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.JsonMappers;
import dev.parley.application.Sleeper;
import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelException;
import dev.parley.application.model.ModelRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The OpenAI-compatible provider against a MockWebServer speaking the chat-completions protocol. */
class OpenAiChatModelTest {
    final MockWebServer server = new MockWebServer();
    final List<Duration> waits = new ArrayList<>();
    final Sleeper recordingSleeper = waits::add;

    @BeforeEach
    void start() throws Exception {
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    OpenAiChatModel model(int maxRetries, Duration readTimeout) {
        var settings = new OpenAiChatModel.Settings(server.url("/v1").toString(), "gpt-4o-mini", "sk-test-123",
                Duration.ofSeconds(2), readTimeout, maxRetries, Duration.ofSeconds(20));
        return new OpenAiChatModel(new OkHttpClient(), settings, recordingSleeper, new Random(7), Clock.systemUTC());
    }

    static ModelRequest request() {
        return ModelRequest.of("answer", List.of(ChatMessage.system("Be brief."), ChatMessage.user("What time is it?")),
                () -> "offline").withTemperature(0.2).withMaxTokens(128);
    }

    @Test
    void sendsTheChatCompletionsRequestAndReadsContentModelAndUsage() throws Exception {
        server.enqueue(completion("It is ten past nine.", 31, 8));
        var response = model(0, Duration.ofSeconds(5)).complete(request().asJson());

        assertThat(response.content()).isEqualTo("It is ten past nine.");
        assertThat(response.model()).isEqualTo("gpt-4o-mini-2024-07-18");
        assertThat(response.promptTokens()).isEqualTo(31);
        assertThat(response.completionTokens()).isEqualTo(8);
        var recorded = server.takeRequest();
        assertThat(recorded.getTarget()).isEqualTo("/v1/chat/completions");
        assertThat(recorded.getHeaders().get("Authorization")).isEqualTo("Bearer sk-test-123");
        var body = JsonMappers.PLAIN.readTree(recorded.getBody().utf8());
        assertThat(body.get("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(body.get("messages").get(0).get("role").asText()).isEqualTo("system");
        assertThat(body.get("messages").get(1).get("content").asText()).isEqualTo("What time is it?");
        assertThat(body.get("temperature").asDouble()).isEqualTo(0.2);
        assertThat(body.get("max_tokens").asInt()).isEqualTo(128);
        assertThat(body.get("response_format").get("type").asText()).isEqualTo("json_object");
        assertThat(body.get("stream").asBoolean()).isFalse();
    }

    @Test
    void emptyOrNullContentIsAnEmptyAnswerNotAFailure() {
        server.enqueue(completion(""));
        server.enqueue(completion(null));
        var model = model(0, Duration.ofSeconds(5));
        assertThat(model.complete(request()).content()).isEmpty();
        assertThat(model.complete(request()).content()).isEmpty();
    }

    @Test
    void rateLimitedAnswerIsRetriedAfterWhatRetryAfterAsks() {
        server.enqueue(new MockResponse.Builder().code(429).setHeader("Retry-After", "2")
                .setHeader("Content-Type", "application/json")
                .body("{\"error\":{\"message\":\"Rate limit reached for gpt-4o-mini\",\"type\":\"requests\","
                        + "\"code\":\"rate_limit_exceeded\"}}").build());
        server.enqueue(completion("Done."));

        assertThat(model(2, Duration.ofSeconds(5)).complete(request()).content()).isEqualTo("Done.");
        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(waits).hasSize(1);
        assertThat(waits.getFirst()).isBetween(Duration.ofSeconds(2), Duration.ofMillis(2200));
    }

    @Test
    void retryAfterLongerThanTheLimitIsNotWaitedOut() {
        server.enqueue(new MockResponse.Builder().code(429).setHeader("Retry-After", "120").body("{}").build());
        assertThatThrownBy(() -> model(2, Duration.ofSeconds(5)).complete(request()))
                .isInstanceOfSatisfying(ModelException.class, e -> {
                    assertThat(e.outcome()).isEqualTo(ModelException.Outcome.RATE_LIMITED);
                    assertThat(e.getMessage()).contains("HTTP 429", "max_retry_wait");
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void serverErrorsAreRetriedWithJitteredBackoffThenGiveUp() {
        for (int i = 0; i < 3; i++) server.enqueue(error(500, "server_error", "The server had an error"));
        assertThatThrownBy(() -> model(2, Duration.ofSeconds(5)).complete(request()))
                .isInstanceOfSatisfying(ModelException.class, e -> {
                    assertThat(e.outcome()).isEqualTo(ModelException.Outcome.HTTP_ERROR);
                    assertThat(e.getMessage()).isEqualTo("HTTP 500: The server had an error");
                });
        assertThat(server.getRequestCount()).isEqualTo(3);
        assertThat(waits).hasSize(2);
        assertThat(waits.get(0)).isBetween(Duration.ofMillis(250), Duration.ofMillis(750));
        assertThat(waits.get(1)).isBetween(Duration.ofMillis(500), Duration.ofMillis(1500));
    }

    @Test
    void serverErrorThenSuccessAnswers() {
        server.enqueue(error(503, "server_error", "overloaded"));
        server.enqueue(completion("Recovered."));
        assertThat(model(2, Duration.ofSeconds(5)).complete(request()).content()).isEqualTo("Recovered.");
        assertThat(waits).hasSize(1);
    }

    @Test
    void clientErrorsAreNotRetried() {
        server.enqueue(error(401, "invalid_request_error", "Incorrect API key provided: sk-test***123."));
        assertThatThrownBy(() -> model(2, Duration.ofSeconds(5)).complete(request()))
                .isInstanceOfSatisfying(ModelException.class, e -> {
                    assertThat(e.outcome()).isEqualTo(ModelException.Outcome.HTTP_ERROR);
                    assertThat(e.getMessage()).startsWith("HTTP 401: Incorrect API key");
                });
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aReadTimeoutFailsAtOnceWithoutRetry() {
        server.enqueue(new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json")
                .bodyDelay(2, TimeUnit.SECONDS).body("{\"choices\":[]}").build());
        assertThatThrownBy(() -> model(2, Duration.ofMillis(300)).complete(request()))
                .isInstanceOfSatisfying(ModelException.class,
                        e -> assertThat(e.outcome()).isEqualTo(ModelException.Outcome.TIMEOUT));
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void theRequestTimeoutBoundsTheWholeCall() {
        server.enqueue(new MockResponse.Builder().code(200).headersDelay(2, TimeUnit.SECONDS).body("{}").build());
        long started = System.nanoTime();
        assertThatThrownBy(() -> model(0, Duration.ofSeconds(30)).complete(request()
                .withTimeout(Duration.ofMillis(300))))
                .isInstanceOfSatisfying(ModelException.class,
                        e -> assertThat(e.outcome()).isEqualTo(ModelException.Outcome.TIMEOUT));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1900));
    }

    @Test
    void anAnswerThatIsNotAChatCompletionIsABadResponse() {
        server.enqueue(new MockResponse.Builder().code(200).body("<html>proxy login</html>").build());
        server.enqueue(new MockResponse.Builder().code(200).body("{\"object\":\"list\"}").build());
        var model = model(0, Duration.ofSeconds(5));
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> model.complete(request())).isInstanceOfSatisfying(ModelException.class,
                    e -> assertThat(e.outcome()).isEqualTo(ModelException.Outcome.BAD_RESPONSE));
        }
    }

    @Test
    void anUnreachableEndpointIsUnavailable() throws Exception {
        var url = server.url("/v1").toString();
        server.close();
        var settings = new OpenAiChatModel.Settings(url, "m", "", Duration.ofSeconds(1), Duration.ofSeconds(1), 1,
                Duration.ofSeconds(20));
        var model = new OpenAiChatModel(new OkHttpClient(), settings, recordingSleeper, new Random(1),
                Clock.systemUTC());
        assertThatThrownBy(() -> model.complete(request())).isInstanceOfSatisfying(ModelException.class,
                e -> assertThat(e.outcome()).isEqualTo(ModelException.Outcome.UNAVAILABLE));
        assertThat(waits).hasSize(1);
    }

    @Test
    void listsTheModelsOfAnEndpoint() {
        server.enqueue(dev.parley.testing.OpenAiResponses.models("llama3.1:8b", "qwen2.5:7b"));
        assertThat(new OpenAiModelList(new OkHttpClient()).listModels(server.url("/v1/").toString(), ""))
                .containsExactly("llama3.1:8b", "qwen2.5:7b");
        server.enqueue(error(401, "invalid_request_error", "Missing bearer authentication"));
        assertThatThrownBy(() -> new OpenAiModelList(new OkHttpClient()).listModels(server.url("/v1").toString(), "x"))
                .hasMessage("HTTP 401: Missing bearer authentication");
    }
}
