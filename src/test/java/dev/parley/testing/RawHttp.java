package dev.parley.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written byte for byte on a socket, for what a well-behaved client will not send: any Host header,
 * malformed request lines and headers. Reads the whole answer (the request asks the server to close).
 */
public final class RawHttp {
    /** An answer: status, headers by lower-case name, body. */
    public record Answer(int status, Map<String, String> headers, String body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private RawHttp() {
    }

    /** Sends {@code request} (CRLF line ends included) to 127.0.0.1:{@code port} and reads the answer. */
    public static Answer send(int port, String request) {
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            var raw = new ByteArrayOutputStream();
            var in = socket.getInputStream();
            var buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) > 0) raw.write(buffer, 0, n);
            return parse(raw.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A POST with the given extra header lines and body; {@code Connection: close} and Content-Length are added. */
    public static Answer post(int port, String path, String host, Map<String, String> headers, String body) {
        var request = new StringBuilder("POST " + path + " HTTP/1.1\r\nHost: " + host + "\r\n");
        headers.forEach((k, v) -> request.append(k).append(": ").append(v).append("\r\n"));
        request.append("Content-Length: ").append(body.getBytes(StandardCharsets.UTF_8).length).append("\r\n")
                .append("Connection: close\r\n\r\n").append(body);
        return send(port, request.toString());
    }

    private static Answer parse(String raw) {
        int headEnd = raw.indexOf("\r\n\r\n");
        if (!raw.startsWith("HTTP/1.1 ") || headEnd < 0) {
            throw new IllegalStateException("not an HTTP answer: " + raw);
        }
        var lines = raw.substring(0, headEnd).split("\r\n");
        int status = Integer.parseInt(lines[0].substring(9, 12));
        var headers = new LinkedHashMap<String, String>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1)
                    .strip());
        }
        return new Answer(status, headers, raw.substring(headEnd + 4));
    }
}
