package dev.parley.adapter.chimein;

/** A context weights file that cannot be used; the message names the file and what is wrong. */
public final class ContextWeightsFileException extends RuntimeException {
    public ContextWeightsFileException(String message) {
        super(message);
    }
}
