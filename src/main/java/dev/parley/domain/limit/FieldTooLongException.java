package dev.parley.domain.limit;

/** A value longer than its {@link FieldLimit}. Names the field and the limit, never the value. */
public final class FieldTooLongException extends IllegalArgumentException {
    private final String field;
    private final FieldLimit limit;

    public FieldTooLongException(String field, FieldLimit limit) {
        super(field + " is " + limit.describe());
        this.field = field;
        this.limit = limit;
    }

    /** Returns {@code value} when {@code limit} admits it; otherwise throws naming {@code field}. */
    public static String check(String field, String value, FieldLimit limit) {
        if (!limit.admits(value)) throw new FieldTooLongException(field, limit);
        return value;
    }

    public String field() {
        return field;
    }

    public FieldLimit limit() {
        return limit;
    }
}
