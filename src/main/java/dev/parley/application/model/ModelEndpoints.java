package dev.parley.application.model;

import java.util.List;

/** Port: what the settings view's "test connection" asks of an OpenAI-compatible endpoint. */
public interface ModelEndpoints {

    /**
     * The model ids the endpoint serves ({@code GET <base_url>/models}).
     *
     * @throws ModelException naming what went wrong (unreachable, HTTP 401, not an OpenAI-compatible answer, …)
     */
    List<String> listModels(String baseUrl, String apiKey);
}
