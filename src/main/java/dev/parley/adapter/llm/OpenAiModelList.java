package dev.parley.adapter.llm;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.application.model.ModelEndpoints;
import dev.parley.application.model.ModelException;
import dev.parley.application.model.ModelException.Outcome;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Request;

/** {@code GET <base_url>/models} of an OpenAI-compatible endpoint: the settings view's "test connection". */
public final class OpenAiModelList implements ModelEndpoints {
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;
    private final OkHttpClient http;

    public OpenAiModelList(OkHttpClient base) {
        this.http = base.newBuilder().connectTimeout(5, TimeUnit.SECONDS).readTimeout(10, TimeUnit.SECONDS)
                .callTimeout(15, TimeUnit.SECONDS).build();
    }

    @Override
    public List<String> listModels(String baseUrl, String apiKey) {
        var base = baseUrl == null ? "" : baseUrl.strip();
        if (base.endsWith("/")) base = base.substring(0, base.length() - 1);
        var builder = new Request.Builder();
        try {
            builder.url(base + "/models");
        } catch (IllegalArgumentException e) {
            throw new ModelException(Outcome.UNAVAILABLE, "not an http(s) URL: " + baseUrl);
        }
        if (apiKey != null && !apiKey.isBlank()) builder.header("Authorization", "Bearer " + apiKey.strip());
        try (var response = http.newCall(builder.get().build()).execute()) {
            var body = response.body().string();
            if (!response.isSuccessful()) {
                throw new ModelException(Outcome.HTTP_ERROR, "HTTP " + response.code()
                        + OpenAiChatModel.errorDetail(body));
            }
            var data = MAPPER.readTree(body).path("data");
            if (!data.isArray()) {
                throw new ModelException(Outcome.BAD_RESPONSE, "not an OpenAI-compatible model list (no data array)");
            }
            var ids = new ArrayList<String>();
            data.forEach(m -> {
                if (m.path("id").isTextual()) ids.add(m.get("id").asText());
            });
            return List.copyOf(ids);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new ModelException(Outcome.BAD_RESPONSE, "not an OpenAI-compatible model list (not JSON)");
        } catch (InterruptedIOException e) {
            throw new ModelException(Outcome.TIMEOUT, "timed out", e);
        } catch (IOException e) {
            throw new ModelException(Outcome.UNAVAILABLE, "unreachable: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()), e);
        }
    }
}
