package dev.parley.domain.message;

/**
 * Which way a message travels, the one direction vocabulary: {@link #IN} is received from a contact (the safety
 * standard's {@code inbound}, to the user), {@link #OUT} is sent to one ({@code outbound}, from the user). The
 * messages table and the API hold the constant's name; the safety standard's JSON, its decisions table and its
 * trace ids hold {@link #safetyWord()}.
 */
public enum Direction {
    IN("inbound"),
    OUT("outbound");

    private final String safetyWord;

    Direction(String safetyWord) {
        this.safetyWord = safetyWord;
    }

    /** {@code inbound} or {@code outbound}: the word of the safety standard's JSON (seed 002). */
    public String safetyWord() {
        return safetyWord;
    }
}
