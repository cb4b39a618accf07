package dev.parley.adapter.telegram;

/** A Telegram payload Parley cannot read; names the field, never quotes the content. */
public final class TelegramFormatException extends RuntimeException {
    private final String field;
    private final String detail;

    public TelegramFormatException(String field, String detail) {
        super(field + ": " + detail, null, false, false);
        this.field = field;
        this.detail = detail;
    }

    public String field() {
        return field;
    }

    public String detail() {
        return detail;
    }
}
