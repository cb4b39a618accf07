package dev.parley.application.model;

import java.time.Instant;

/**
 * How the configured model is doing, for the console's status bar and the call log: the circuit breaker's state.
 *
 * @param since      when the state began
 * @param lastError  the last failure's outcome and message (no prompt text), or null
 */
public record ModelHealth(String provider, String model, State state, Instant since, String lastError, int queued) {

    /** As above, with no call waiting for its turn. */
    public ModelHealth(String provider, String model, State state, Instant since, String lastError) {
        this(provider, model, state, since, lastError, 0);
    }

    /** CLOSED: calls go to the model; OPEN: the offline model answers instead; HALF_OPEN: one trial call. */
    public enum State { CLOSED, OPEN, HALF_OPEN }

    /** One line for a status bar, e.g. {@code Model: openai llama3.1 — unreachable, answering offline}. */
    public String summary() {
        var name = "offline".equals(provider) ? "offline (built in)" : provider + " " + model;
        var line = switch (state) {
            case CLOSED -> "Model: " + name;
            case OPEN -> "Model: " + name + " failing, answering with the offline model since " + since
                    + (lastError == null ? "" : " (" + lastError + ")");
            case HALF_OPEN -> "Model: " + name + " being retried after failures";
        };
        return queued == 0 ? line : line + " — " + queued + (queued == 1 ? " call waits" : " calls wait")
                + " for a turn (model.max_concurrency)";
    }
}
