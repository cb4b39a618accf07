package dev.parley.application.operator;

/** The addressed conversation, message or row does not exist. */
public class NotFoundException extends RuntimeException {
    public NotFoundException(String what) {
        super(what + " not found");
    }
}
