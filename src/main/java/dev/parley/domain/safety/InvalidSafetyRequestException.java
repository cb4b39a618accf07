package dev.parley.domain.safety;

/**
 * A validation request that cannot be routed or read: the seed's error path. {@link #code()} is the error word
 * ({@code invalid_direction}, {@code invalid_payload}), {@link #field()} the JSON field at fault. The message
 * names the field and the rule, never the content.
 */
public final class InvalidSafetyRequestException extends RuntimeException {
    private final String code;
    private final String field;

    public InvalidSafetyRequestException(String code, String field, String message) {
        super(message);
        this.code = code;
        this.field = field;
    }

    /** The error word for the {@code error} field of an error answer. */
    public String code() {
        return code;
    }

    /** The JSON field at fault, for example {@code direction} or {@code payload.timestamp}. */
    public String field() {
        return field;
    }
}
