package dev.parley.application.console;

import dev.parley.application.operator.InvalidRequestException;
import dev.parley.domain.limit.FieldLimit;

/** The name operator actions are audited under: required, trimmed, at most 255 characters. */
public final class OperatorName {
    private OperatorName() {
    }

    public static String require(String name) {
        if (name == null || name.isBlank()) {
            throw new InvalidRequestException("actor", "an operator name is required (Settings)");
        }
        var trimmed = name.strip();
        if (!FieldLimit.ACTOR.admits(trimmed)) {
            throw new InvalidRequestException("actor", "operator name is " + FieldLimit.ACTOR.describe());
        }
        return trimmed;
    }
}
