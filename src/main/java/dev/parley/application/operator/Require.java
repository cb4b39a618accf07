package dev.parley.application.operator;

import dev.parley.domain.limit.FieldLimit;

/** Input checks shared by the operator use cases; each failure names its field. */
public final class Require {
    private Require() {
    }

    public static String text(String field, String value, FieldLimit limit) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException(field, field + " is required");
        }
        if (!limit.admits(value)) {
            throw new InvalidRequestException(field, field + " is " + limit.describe());
        }
        return value;
    }

    public static String actor(String value) {
        return text("actor", value, FieldLimit.ACTOR);
    }
}
