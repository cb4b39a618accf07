package dev.parley.application.model;

/** A model could not answer; {@link #outcome()} is what the call log records. */
public class ModelException extends RuntimeException {

    /** Why a call failed, as recorded in {@code model_calls.outcome}. */
    public enum Outcome {
        TIMEOUT("timeout"), RATE_LIMITED("rate_limited"), HTTP_ERROR("http_error"), UNAVAILABLE("unavailable"),
        BAD_RESPONSE("bad_response"), CIRCUIT_OPEN("circuit_open");

        private final String recorded;

        Outcome(String recorded) {
            this.recorded = recorded;
        }

        public String recorded() {
            return recorded;
        }
    }

    private final Outcome outcome;

    public ModelException(Outcome outcome, String message) {
        super(message);
        this.outcome = outcome;
    }

    public ModelException(Outcome outcome, String message, Throwable cause) {
        super(message, cause);
        this.outcome = outcome;
    }

    public Outcome outcome() {
        return outcome;
    }
}
