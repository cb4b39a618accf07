package dev.parley.adapter.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a request's body as its head frames it: one decimal {@code Content-Length}, or {@code Transfer-Encoding:
 * chunked}, never both; a declared length over the limit is refused before a byte of the body is read, a chunked body
 * as soon as it passes the limit. Answers {@code Expect: 100-continue} just before reading.
 */
final class RequestBody {
    private RequestBody() {
    }

    static byte[] read(RequestHead head, InputStream in, OutputStream out, int max)
            throws IOException, HttpProtocolException {
        var transferEncoding = head.headers().get("Transfer-Encoding");
        var contentLength = head.headers().get("Content-Length");
        if (transferEncoding != null) {
            if (contentLength != null) {
                throw HttpProtocolException.badRequest("both Content-Length and Transfer-Encoding");
            }
            if (transferEncoding.size() != 1 || !transferEncoding.getFirst().equalsIgnoreCase("chunked")) {
                throw new HttpProtocolException(501, "not_implemented", "only the chunked transfer coding is supported");
            }
            continueIfExpected(head, out);
            return chunked(in, max);
        }
        if (contentLength == null) return new byte[0];
        if (contentLength.size() != 1 || !contentLength.getFirst().matches("\\d{1,18}")) {
            throw HttpProtocolException.badRequest("Content-Length must be one decimal number");
        }
        long length = Long.parseLong(contentLength.getFirst());
        if (length > max) throw tooLarge(max);
        if (length > 0) continueIfExpected(head, out);
        var body = in.readNBytes((int) length);
        if (body.length < length) throw new java.io.EOFException("connection closed inside the body");
        return body;
    }

    private static byte[] chunked(InputStream in, int max) throws IOException, HttpProtocolException {
        var body = new ByteArrayOutputStream();
        while (true) {
            var line = RequestHead.readLine(in, 1024, false);
            if (line == null) throw new java.io.EOFException("connection closed inside the body");
            var size = line.split(";", 2)[0].strip();
            if (!size.matches("[0-9A-Fa-f]{1,8}")) throw HttpProtocolException.badRequest("malformed chunk size");
            long length = Long.parseLong(size, 16);
            if (length == 0) break;
            if (body.size() + length > max) throw tooLarge(max);
            var data = in.readNBytes((int) length);
            if (data.length < length) throw new java.io.EOFException("connection closed inside the body");
            body.write(data);
            int end = in.read();
            if (end == '\r') end = in.read();
            if (end != '\n') throw HttpProtocolException.badRequest("chunk longer than its size");
        }
        for (int trailers = 0; ; trailers++) {
            var line = RequestHead.readLine(in, 8 * 1024, false);
            if (line == null) throw new java.io.EOFException("connection closed inside the body");
            if (line.isEmpty()) return body.toByteArray();
            if (trailers >= 32) {
                throw new HttpProtocolException(431, "request_header_fields_too_large", "too many trailer fields");
            }
        }
    }

    private static void continueIfExpected(RequestHead head, OutputStream out) throws IOException {
        var expect = head.headers().getFirst("Expect");
        if (!head.http10() && expect != null && expect.equalsIgnoreCase("100-continue")) {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }
    }

    private static HttpProtocolException tooLarge(int max) {
        return new HttpProtocolException(413, "payload_too_large", "body exceeds " + max + " bytes");
    }
}
