package dev.parley.application.model;

import java.time.Instant;

/**
 * One recorded model call (table {@code model_calls}). {@code prompt} and {@code response} are kept only when the
 * operator turns on debug recording ({@code model.debug_recording}); otherwise null.
 *
 * @param outcome  {@code ok}, {@code invalid_json}, or a {@link ModelException.Outcome}
 * @param fallback whether this call answered in place of a configured model that failed
 */
public record ModelCall(long id, Instant at, String task, String provider, String model, Long conversationId,
                        long latencyMillis, Integer promptTokens, Integer completionTokens, String requestHash,
                        String outcome, boolean fallback, String error, String prompt, String response) {

    public static final String OK = "ok";
    public static final String INVALID_JSON = "invalid_json";

    /** The same call with its store id. */
    public ModelCall withId(long newId) {
        return new ModelCall(newId, at, task, provider, model, conversationId, latencyMillis, promptTokens,
                completionTokens, requestHash, outcome, fallback, error, prompt, response);
    }

    /** The same call filed under conversation {@code id}. */
    public ModelCall withConversation(long id) {
        return new ModelCall(this.id, at, task, provider, model, id, latencyMillis, promptTokens, completionTokens,
                requestHash, outcome, fallback, error, prompt, response);
    }

    /** The same call marked as answered from the outcome of a later check (for example invalid JSON). */
    public ModelCall withOutcome(String newOutcome, String newError) {
        return new ModelCall(id, at, task, provider, model, conversationId, latencyMillis, promptTokens,
                completionTokens, requestHash, newOutcome, fallback, newError, prompt, response);
    }
}
