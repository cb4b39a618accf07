package dev.parley.adapter.http;

import java.nio.ByteBuffer;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * What Jetty answers itself (a request line, header or chunk it refuses, a body cut short, a request arriving while
 * the listener stops) in Parley's JSON error shape instead of an HTML page. Jetty's reason is kept as the detail
 * when it is plain words; one that could quote the request (a character, a number) is replaced by the status's own.
 * A request line naming HTTP/2 or later, which Jetty answers 426 (upgrade required), is answered 505.
 */
final class JsonErrorHandler extends ErrorHandler {
    private static final Pattern PLAIN_WORDS = Pattern.compile("[A-Za-z][A-Za-z ,/-]{0,119}");

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        if (code == 426) {
            // Jetty asks a request line naming HTTP/2.0 (or later) to upgrade; Parley speaks HTTP/1.x only.
            code = 505;
            message = null;
            response.setStatus(code);
        }
        var answer = HttpResponse.error(code, error(code), detail(code, message));
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, answer.contentType());
        response.write(true, ByteBuffer.wrap(answer.body()), callback);
    }

    /** The {@code error} code of each status Jetty can answer by itself. */
    static String error(int status) {
        return switch (status) {
            case 400 -> "bad_request";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 408 -> "request_timeout";
            case 413 -> "payload_too_large";
            case 414 -> "uri_too_long";
            case 431 -> "request_header_fields_too_large";
            case 501 -> "not_implemented";
            case 503 -> "shutting_down";
            case 505 -> "http_version_not_supported";
            default -> status >= 500 ? "internal_error" : "http_" + status;
        };
    }

    private static String detail(int status, String reason) {
        if (reason != null && PLAIN_WORDS.matcher(reason).matches()) return reason;
        return switch (status) {
            case 400 -> "the request is not valid HTTP/1.1";
            case 408 -> "the request did not arrive in time";
            case 413 -> "the body is too large";
            case 414 -> "the request line is too long";
            case 431 -> "the header fields are too large";
            case 503 -> "Parley is stopping; try again";
            case 505 -> "HTTP/1.1 or HTTP/1.0 only";
            default -> "the request could not be completed";
        };
    }
}
