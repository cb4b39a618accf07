package dev.parley.application.model;

/**
 * What a provider answered: the message content (never null; empty when the model said nothing), the model that
 * answered, and token counts when the provider reports them.
 */
public record ModelResponse(String content, String model, Integer promptTokens, Integer completionTokens) {

    public ModelResponse {
        content = content == null ? "" : content;
    }
}
