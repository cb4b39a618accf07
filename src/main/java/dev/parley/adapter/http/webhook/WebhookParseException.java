package dev.parley.adapter.http.webhook;

import java.util.Objects;

/**
 * An inbound webhook body that cannot be turned into a message. Safe to log and to return to the
 * sender: {@link #field()} names the offending field (or {@code "body"}) and {@link #detail()}
 * describes the problem without echoing any of the submitted content.
 */
public final class WebhookParseException extends RuntimeException {

    private final String field;
    private final String detail;

    public WebhookParseException(String field, String detail) {
        super(Objects.requireNonNull(field, "field") + ": " + Objects.requireNonNull(detail, "detail"), null, false, false);
        this.field = field;
        this.detail = detail;
    }

    /** The JSON field or form param at fault, or {@code "body"} for whole-body problems. */
    public String field() {
        return field;
    }

    /** Human-readable explanation, free of message content. */
    public String detail() {
        return detail;
    }
}
