package dev.parley.application.operator;

/** Input checks shared by the operator use cases; each failure names its field. */
public final class Require {
    private Require() {
    }

    public static String text(String field, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException(field, field + " is required");
        }
        if (value.length() > maxLength) {
            throw new InvalidRequestException(field, field + " is longer than " + maxLength + " characters");
        }
        return value;
    }

    public static String actor(String value) {
        return text("actor", value, 255);
    }
}
