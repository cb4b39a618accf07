package dev.parley.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;

/** Realistic OpenAI chat-completion answers (the shape OpenAI, Ollama /v1, llama.cpp and vLLM send) for MockWebServer. */
public final class OpenAiResponses {
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    private OpenAiResponses() {
    }

    /** A 200 {@code chat.completion} whose message content is {@code content} (null: a JSON null). */
    public static MockResponse completion(String content) {
        return completion(content, 57, 17);
    }

    public static MockResponse completion(String content, int promptTokens, int completionTokens) {
        var message = new LinkedHashMap<String, Object>();
        message.put("role", "assistant");
        message.put("content", content);
        message.put("refusal", null);
        var choice = new LinkedHashMap<String, Object>();
        choice.put("index", 0);
        choice.put("message", message);
        choice.put("logprobs", null);
        choice.put("finish_reason", "stop");
        var body = new LinkedHashMap<String, Object>();
        body.put("id", "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT");
        body.put("object", "chat.completion");
        body.put("created", 1_767_225_600);
        body.put("model", "gpt-4o-mini-2024-07-18");
        body.put("choices", List.of(choice));
        body.put("usage", Map.of("prompt_tokens", promptTokens, "completion_tokens", completionTokens,
                "total_tokens", promptTokens + completionTokens));
        body.put("system_fingerprint", "fp_0ba0d124f1");
        return json(200, write(body));
    }

    /** An OpenAI error object with the given status, e.g. 429 {@code rate_limit_exceeded}. */
    public static MockResponse error(int status, String type, String message) {
        return json(status, write(Map.of("error", Map.of("message", message, "type", type, "param", "",
                "code", type))));
    }

    /** {@code GET /v1/models}. */
    public static MockResponse models(String... ids) {
        var data = java.util.Arrays.stream(ids).map(id -> Map.<String, Object>of("id", id, "object", "model",
                "created", 1_715_367_049, "owned_by", "system")).toList();
        return json(200, write(Map.of("object", "list", "data", data)));
    }

    public static MockResponse json(int status, String body) {
        return new MockResponse.Builder().code(status).setHeader("Content-Type", "application/json").body(body)
                .build();
    }

    private static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
