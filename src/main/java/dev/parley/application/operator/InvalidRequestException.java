package dev.parley.application.operator;

/** A request that cannot be carried out as given; {@code field} names the offending input. */
public class InvalidRequestException extends RuntimeException {
    private final String field;

    public InvalidRequestException(String field, String detail) {
        super(detail);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
