package dev.parley.adapter.llm;

import static dev.parley.testing.OpenAiResponses.completion;
import static dev.parley.testing.OpenAiResponses.error;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.adapter.memory.InMemoryModelCallLog;
import dev.parley.application.ManualClock;
import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.CircuitBreakingModel;
import dev.parley.application.model.ModelCall;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.model.ModelGateway.OnInvalid;
import dev.parley.application.model.ModelHealth;
import dev.parley.application.model.ModelRequest;
import java.time.Duration;
import java.time.Instant;
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

/**
 * The gateway over a real OpenAI-compatible provider (MockWebServer): JSON answers read or replaced by the offline
 * answer, failures answered offline, the circuit breaker opening and closing, and every call in the call log.
 */
class ModelGatewayTest {
    final MockWebServer server = new MockWebServer();
    final ManualClock clock = new ManualClock(Instant.parse("2026-07-01T09:00:00Z"));
    final InMemoryModelCallLog log = new InMemoryModelCallLog();
    final List<ModelHealth> changes = new ArrayList<>();
    CircuitBreakingModel breaker;
    ModelGateway gateway;

    record Intent(String intent) {
    }

    static Intent readIntent(JsonNode node) {
        var intent = node.path("intent").asText("");
        if (!List.of("PRODUCTIVE", "POLITE", "STOP").contains(intent)) {
            throw new IllegalArgumentException("unknown intent '" + intent + "'");
        }
        return new Intent(intent);
    }

    static ModelRequest classify(String text) {
        return ModelRequest.of("classify", List.of(ChatMessage.system("Classify the reply."), ChatMessage.user(text)),
                () -> "{\"intent\":\"POLITE\"}").forConversation(42);
    }

    @BeforeEach
    void start() throws Exception {
        server.start();
        gateway(false);
    }

    void gateway(boolean debug) {
        var settings = new OpenAiChatModel.Settings(server.url("/v1").toString(), "llama3.1:8b", "",
                Duration.ofSeconds(1), Duration.ofMillis(400), 0, Duration.ofSeconds(20));
        breaker = new CircuitBreakingModel(new OpenAiChatModel(new OkHttpClient(), settings, d -> { },
                new Random(3), clock), 3, Duration.ofSeconds(60), clock);
        breaker.onChange(changes::add);
        gateway = new ModelGateway(breaker, log, clock, debug);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aValidJsonAnswerIsReadAndRecorded() {
        server.enqueue(completion("{\"intent\": \"PRODUCTIVE\", \"reason\": \"shares a grandparent\"}", 120, 14));
        var answer = gateway.askJson(classify("My grandmother was a Walsh."), ModelGatewayTest::readIntent,
                OnInvalid.FALL_BACK);

        assertThat(answer.value()).contains(new Intent("PRODUCTIVE"));
        assertThat(answer.fellBack()).isFalse();
        var call = log.recent(1).getFirst();
        assertThat(call.task()).isEqualTo("classify");
        assertThat(call.provider()).isEqualTo("openai");
        assertThat(call.model()).isEqualTo("gpt-4o-mini-2024-07-18");
        assertThat(call.conversationId()).isEqualTo(42L);
        assertThat(call.promptTokens()).isEqualTo(120);
        assertThat(call.completionTokens()).isEqualTo(14);
        assertThat(call.requestHash()).matches("[0-9a-f]{64}");
        assertThat(call.outcome()).isEqualTo(ModelCall.OK);
        assertThat(call.latencyMillis()).isNotNegative();
        assertThat(call.prompt()).as("no prompt text without debug recording").isNull();
        assertThat(call.response()).isNull();
    }

    @Test
    void jsonInsideProseOrAFenceIsFound() {
        server.enqueue(completion("Sure! Here it is:\n```json\n{\"intent\":\"STOP\"}\n```\nLet me know."));
        assertThat(gateway.askJson(classify("stop"), ModelGatewayTest::readIntent, OnInvalid.FALL_BACK).value())
                .contains(new Intent("STOP"));
    }

    @Test
    void invalidJsonIsRecordedAndAnsweredByTheOfflineModel() {
        server.enqueue(completion("The reply sounds friendly to me."));
        var answer = gateway.askJson(classify("Thanks!"), ModelGatewayTest::readIntent, OnInvalid.FALL_BACK);

        assertThat(answer.value()).contains(new Intent("POLITE"));
        assertThat(answer.fellBack()).isTrue();
        assertThat(answer.answer().fallbackReason()).startsWith("invalid_json: no JSON object");
        var calls = log.recent(2);
        assertThat(calls.get(1).outcome()).isEqualTo(ModelCall.INVALID_JSON);
        assertThat(calls.get(0).provider()).isEqualTo("offline");
        assertThat(calls.get(0).fallback()).isTrue();
        assertThat(calls.get(0).requestHash()).isEqualTo(calls.get(1).requestHash());
    }

    @Test
    void jsonTheTaskRefusesIsInvalidToo() {
        server.enqueue(completion("{\"intent\":\"MAYBE\"}"));
        var answer = gateway.askJson(classify("Hmm"), ModelGatewayTest::readIntent, OnInvalid.REPORT);
        assertThat(answer.value()).isEmpty();
        assertThat(answer.invalidReason()).isEqualTo("unknown intent 'MAYBE'");
        assertThat(log.recent(1).getFirst().error()).isEqualTo("unknown intent 'MAYBE'");
    }

    @Test
    void emptyContentIsAnEmptyTextAnswer() {
        server.enqueue(completion(""));
        var answer = gateway.ask(classify("hello"));
        assertThat(answer.isBlank()).isTrue();
        assertThat(answer.fellBack()).isFalse();
    }

    @Test
    void aTimeoutIsAnsweredOffline() {
        server.enqueue(new MockResponse.Builder().code(200).bodyDelay(1, TimeUnit.SECONDS)
                .body("{\"choices\":[]}").build());
        var answer = gateway.ask(classify("hello"));
        assertThat(answer.content()).isEqualTo("{\"intent\":\"POLITE\"}");
        assertThat(answer.provider()).isEqualTo("offline");
        assertThat(answer.fallbackReason()).startsWith("timeout");
        assertThat(log.recent(2)).extracting(ModelCall::outcome).containsExactly("ok", "timeout");
    }

    @Test
    void theCircuitOpensAfterRepeatedFailuresAndClosesAfterASuccessfulTrial() {
        for (int i = 0; i < 3; i++) server.enqueue(error(500, "server_error", "The server had an error"));
        for (int i = 0; i < 3; i++) assertThat(gateway.ask(classify("hi")).fellBack()).isTrue();
        assertThat(gateway.health().state()).isEqualTo(ModelHealth.State.OPEN);
        assertThat(gateway.health().summary()).contains("answering with the offline model", "http_error");

        // Open: the endpoint is not asked at all.
        var answer = gateway.ask(classify("hi"));
        assertThat(answer.fallbackReason()).startsWith("circuit_open");
        assertThat(server.getRequestCount()).isEqualTo(3);

        // After the open spell one trial goes through; its success closes the circuit.
        clock.advance(Duration.ofSeconds(61));
        server.enqueue(completion("{\"intent\":\"STOP\"}"));
        assertThat(gateway.askJson(classify("stop"), ModelGatewayTest::readIntent, OnInvalid.FALL_BACK).value())
                .contains(new Intent("STOP"));
        assertThat(gateway.health().state()).isEqualTo(ModelHealth.State.CLOSED);
        assertThat(changes).extracting(ModelHealth::state).containsExactly(ModelHealth.State.OPEN,
                ModelHealth.State.HALF_OPEN, ModelHealth.State.CLOSED);
    }

    @Test
    void aFailedTrialOpensTheCircuitAgain() {
        for (int i = 0; i < 4; i++) server.enqueue(error(502, "server_error", "Bad gateway"));
        for (int i = 0; i < 3; i++) gateway.ask(classify("hi"));
        clock.advance(Duration.ofSeconds(61));
        assertThat(gateway.ask(classify("hi")).fallbackReason()).startsWith("http_error");
        assertThat(gateway.health().state()).isEqualTo(ModelHealth.State.OPEN);
        assertThat(gateway.health().since()).isEqualTo(clock.instant());
        assertThat(gateway.ask(classify("hi")).fallbackReason()).startsWith("circuit_open");
        assertThat(server.getRequestCount()).isEqualTo(4);
    }

    @Test
    void debugRecordingKeepsPromptAndResponse() {
        gateway(true);
        server.enqueue(completion("{\"intent\":\"POLITE\"}"));
        gateway.ask(classify("Thank you!"));
        var call = log.recent(1).getFirst();
        assertThat(call.prompt()).isEqualTo("system: Classify the reply.\nuser: Thank you!");
        assertThat(call.response()).isEqualTo("{\"intent\":\"POLITE\"}");
    }
}
