package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.RawHttp;
import dev.parley.testing.TestParley;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Requests broken at the HTTP level, sent byte for byte over a real socket: each is answered in the JSON error shape
 * with the right status (never an HTML page, never a silent close), and the listener keeps serving.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpProtocolErrorsTest {
    TestParley parley;

    @BeforeAll
    void start(@TempDir Path home) {
        parley = TestParley.start(home);
    }

    @AfterAll
    void stop() {
        parley.close();
    }

    RawHttp.Answer send(String request) {
        return RawHttp.send(parley.app.port(), request);
    }

    static JsonNode assertJsonError(RawHttp.Answer answer, int status, String error) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.header("Content-Type")).isEqualTo("application/json");
        var json = ParleyHttp.JSON.valueToTree(parse(answer.body()));
        assertThat(((JsonNode) json).get("error").asText()).isEqualTo(error);
        assertThat(((JsonNode) json).get("detail").asText()).isNotBlank();
        return json;
    }

    private static Object parse(String body) {
        try {
            return ParleyHttp.JSON.readTree(body);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + body, e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "Content-Length not a number | POST /webhooks/generic HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: abc\\r\\n\\r\\n | 400 | bad_request",
            "negative Content-Length | POST /webhooks/generic HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: -1\\r\\n\\r\\n | 400 | bad_request",
            "two Content-Lengths | POST /webhooks/generic HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 2\\r\\nContent-Length: 2\\r\\n\\r\\n{} | 400 | bad_request",
            "Content-Length and chunked | POST /webhooks/generic HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 2\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n{} | 400 | bad_request",
            "chunked not the last coding | POST /webhooks/generic HTTP/1.1\\r\\nHost: x\\r\\nTransfer-Encoding: gzip\\r\\n\\r\\n | 400 | bad_request",
            "a coding beside chunked | POST /webhooks/generic HTTP/1.1\\r\\nHost: x\\r\\nTransfer-Encoding: gzip, chunked\\r\\n\\r\\n0\\r\\n\\r\\n | 501 | not_implemented",
            "vertical tab after Content-Length | POST /webhooks/generic HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 3\\u000b\\r\\n\\r\\n{}x | 400 | bad_request",
            "vertical tab before chunked | POST /webhooks/generic HTTP/1.1\\r\\nHost: x\\r\\nTransfer-Encoding: \\u000bchunked\\r\\n\\r\\n0\\r\\n\\r\\n | 400 | bad_request",
            "HTTP/1.0 with chunked | POST /webhooks/generic HTTP/1.0\\r\\nTransfer-Encoding: chunked\\r\\nConnection: keep-alive\\r\\n\\r\\n0\\r\\n\\r\\n | 400 | bad_request",
            "vertical tab in a chunk size | POST /webhooks/generic HTTP/1.1\\r\\nHost: x\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n2\\u000b\\r\\n{}\\r\\n0\\r\\n\\r\\n | 400 | bad_request",
            "malformed request line | GARBAGE\\r\\n\\r\\n | 400 | bad_request",
            "request target not a path | GET health HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | 400 | bad_request",
            "malformed request target | GET /he alth HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n | 400 | bad_request",
            "space in a header name | GET /health HTTP/1.1\\r\\nHost: x\\r\\nBad Header: 1\\r\\n\\r\\n | 400 | bad_request",
            "folded header | GET /health HTTP/1.1\\r\\nHost: x\\r\\nX-A: 1\\r\\n  2\\r\\n\\r\\n | 400 | bad_request",
            "bare CR | GET /health HTTP/1.1\\rHost: x\\r\\n\\r\\n | 400 | bad_request",
            "HTTP/2 request line | GET /health HTTP/2.0\\r\\nHost: x\\r\\n\\r\\n | 505 | http_version_not_supported",
            "bad chunk size | POST /webhooks/generic HTTP/1.1\\r\\nHost: x\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\nzz\\r\\n | 400 | bad_request",
            "double slash path | GET //health HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n | 404 | not_found"})
    void aBrokenRequestIsAnsweredInTheJsonErrorShape(String name, String request, int status, String error) {
        var answer = send(request.replace("\\r", "\r").replace("\\n", "\n").replace("\\u000b", "\u000b"));
        assertJsonError(answer, status, error);
        // RawHttp read the answer to the end of the stream: the connection was closed after it, not kept alive.
        assertThat(parley.http().send(parley.http().request("/health").GET().build()).statusCode()).isEqualTo(200);
    }

    @Test
    void anOverlongRequestLineIs414AndTooManyHeadersAre431() {
        assertJsonError(send("GET /health?" + "q".repeat(9000) + " HTTP/1.1\r\nHost: x\r\n\r\n"), 414, "uri_too_long");
        var headers = new StringBuilder("GET /health HTTP/1.1\r\nHost: x\r\n");
        for (int i = 0; i < 150; i++) headers.append("X-H").append(i).append(": v\r\n");
        assertJsonError(send(headers.append("\r\n").toString()), 431, "request_header_fields_too_large");
    }

    @Test
    void aConnectionCarriesSeveralRequestsAndHttp10ClosesByDefault() {
        var raw = send("GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(raw.status()).isEqualTo(200);
        assertThat(raw.body()).contains("HTTP/1.1 404 ").contains("\"error\":\"not_found\"");

        var http10 = send("GET /health HTTP/1.0\r\n\r\n");
        assertThat(http10.status()).isEqualTo(200);
        assertThat(http10.header("Connection")).isEqualTo("close");
    }

    @Test
    void everyConnectionHeaderIsRead() {
        // keep-alive in the first field, close in the second: one answer, then the connection closes
        var twoFields = send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n"
                + "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(twoFields.status()).isEqualTo(200);
        assertThat(twoFields.header("Connection")).isEqualTo("close");
        assertThat(twoFields.body()).as("the pipelined second request is not answered").doesNotContain("HTTP/1.1");

        var list = send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, close\r\n\r\n"
                + "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.body()).doesNotContain("HTTP/1.1");

        // HTTP/1.0 keeps a connection only when asked to, and every field counts there too
        var http10 = send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n"
                + "GET /health HTTP/1.0\r\n\r\n");
        assertThat(http10.status()).isEqualTo(200);
        assertThat(http10.body()).doesNotContain("HTTP/1.");
    }

    @Test
    void headAnswersHeadersWithoutABodyAndExpectContinueIsHonoured() {
        var head = send("HEAD /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(head.status()).isEqualTo(405);
        assertThat(head.header("Allow")).isEqualTo("GET");
        assertThat(head.body()).isEmpty();

        var http = parley.http();
        var body = ParleyHttp.message("SM-continue", "sms", "+15550100777", "hello");
        var continued = http.postGeneric("wh-continue", body, Clock.systemUTC());
        assertThat(continued.statusCode()).isEqualTo(202);
        var expecting = http.send(http.request("/health").expectContinue(true)
                .method("GET", HttpRequest.BodyPublishers.ofString("{}")).build());
        assertThat(expecting.statusCode()).isEqualTo(200);
    }
}
