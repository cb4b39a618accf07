package dev.parley.adapter.telegram;

/**
 * The Bot API answered {@code "ok": false} (or not JSON at all). Carries the HTTP status, Telegram's error code and,
 * for flood control, how long to wait; never the description (it may quote what was sent) or the token.
 */
public final class TelegramApiException extends Exception {
    private final int httpStatus;
    private final int errorCode;
    private final Integer retryAfterSeconds;

    public TelegramApiException(String method, int httpStatus, int errorCode, Integer retryAfterSeconds) {
        super("telegram " + method + " HTTP " + httpStatus + (errorCode != 0 ? " error " + errorCode : "")
                + (retryAfterSeconds != null ? " retry after " + retryAfterSeconds + " s" : ""), null, false, false);
        this.httpStatus = httpStatus;
        this.errorCode = errorCode;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public int httpStatus() {
        return httpStatus;
    }

    public int errorCode() {
        return errorCode;
    }

    /** Flood control's {@code parameters.retry_after}, when given. */
    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
