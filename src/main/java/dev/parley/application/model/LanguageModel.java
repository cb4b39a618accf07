package dev.parley.application.model;

/**
 * Port: a chat-completion model. Implementations: the built-in offline model, an OpenAI-compatible endpoint, a
 * cassette that records or replays another provider. Features never call this directly; they go through
 * {@link ModelGateway}, which records every call and falls back to the offline model.
 */
public interface LanguageModel {

    /** {@code offline}, {@code openai}, {@code cassette}: recorded with every call. */
    String provider();

    /** The configured model name ({@code offline} for the built-in one). */
    String model();

    /**
     * Answers one request.
     *
     * @throws ModelException when the model cannot answer (unreachable, timeout, rate limited, HTTP error,
     *                        unreadable response, circuit open)
     */
    ModelResponse complete(ModelRequest request);
}
