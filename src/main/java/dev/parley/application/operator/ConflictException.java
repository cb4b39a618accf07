package dev.parley.application.operator;

/** The request is valid but clashes with the current state (for example the conversation already exists). */
public class ConflictException extends RuntimeException {
    public ConflictException(String detail) {
        super(detail);
    }
}
