package dev.parley.application.console;

import dev.parley.application.operator.InvalidRequestException;

/** The name operator actions are audited under: required, trimmed, at most 255 characters. */
public final class OperatorName {
    private OperatorName() {
    }

    public static String require(String name) {
        if (name == null || name.isBlank()) {
            throw new InvalidRequestException("actor", "an operator name is required (Settings)");
        }
        var trimmed = name.strip();
        if (trimmed.length() > 255) {
            throw new InvalidRequestException("actor", "operator name is longer than 255 characters");
        }
        return trimmed;
    }
}
