package dev.parley.domain.safety;

/**
 * Port: learned category signals for a message's text (ADR 0019), beside the lexicons. The adapter reads the heads'
 * scores from the message's sentence embedding (computed once per message and stored); the validator only sees the
 * resulting {@link ModelSignals}, so the domain stays pure. {@link #NONE} is the validator without a model: it then
 * behaves exactly as on the lexicons alone, trace ids included.
 */
public interface ContentModel {
    /** No model: no signals, and the trace id does not change. */
    ContentModel NONE = new ContentModel() {
        @Override
        public String version() {
            return "";
        }

        @Override
        public ModelSignals signals(String content) {
            return ModelSignals.NONE;
        }
    };

    /**
     * Names the model and its thresholds in force (hashed into the trace id, as the policy version is: the same input
     * under the same policy and model gets the same id); empty for no model.
     */
    String version();

    /** The signals for {@code content} (never null text: the validator does not ask for a message without text). */
    ModelSignals signals(String content);
}
