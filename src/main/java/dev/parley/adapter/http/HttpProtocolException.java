package dev.parley.adapter.http;

/**
 * A request that breaks HTTP/1.1 itself (request line, headers, framing, size): answered with {@code status} and
 * the JSON error shape, then the connection is closed. The detail never quotes the request.
 */
final class HttpProtocolException extends Exception {
    private final int status;
    private final String error;

    HttpProtocolException(int status, String error, String detail) {
        super(detail, null, false, false);
        this.status = status;
        this.error = error;
    }

    static HttpProtocolException badRequest(String detail) {
        return new HttpProtocolException(400, "bad_request", detail);
    }

    HttpResponse response() {
        return HttpResponse.error(status, error, getMessage());
    }
}
