package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import dev.parley.testing.LogCapture;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.RawHttp;
import dev.parley.testing.TestParley;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The listener caps its open connections: a client opening more connections than the cap and holding them gets the
 * cap served and the rest queued (the process never runs out of descriptors), the log is not flooded, and
 * {@code /health} still answers once idle connections are closed to make room.
 */
class ListenerConnectionLimitTest {
    static final int CAP = 8;

    @Test
    void moreConnectionsThanTheCapWaitAndHealthStillAnswers() throws Exception {
        var health = Route.open("GET", "/health", r -> HttpResponse.json(200, Map.of("status", "ok")));
        List<Socket> held = new ArrayList<>();
        var logs = LogCapture.start();
        try (logs; var listener = new HttpListener(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                () -> TestParley.TOKEN, CAP)) {
            listener.start(List.of(health));
            // warm (the first answer loads classes); Connection: close, so that it holds no connection
            assertThat(RawHttp.send(listener.port(), "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .status()).isEqualTo(200);
            // CAP held and answered, two more waiting in the accept queue: each waiting one is accepted when an idle
            // one is closed (2 s at the cap), so the fresh request below waits about 3 × 2 s. (With 2 × CAP held it
            // waited 8 × 2 s, most of its 20 s budget, and timed out on a loaded machine.)
            for (int i = 0; i < CAP + 2; i++) {
                var socket = new Socket();
                socket.connect(new InetSocketAddress("127.0.0.1", listener.port()), 5_000);
                socket.getOutputStream().write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                held.add(socket);
            }
            // the accepted ones are answered; an answered connection left idle is only closed 2 s later
            int answeredAtOnce = 0;
            for (long deadline = System.nanoTime() + 5_000_000_000L; answeredAtOnce < CAP
                    && System.nanoTime() < deadline; Thread.sleep(50)) {
                answeredAtOnce = 0;
                for (var socket : held) if (socket.getInputStream().available() > 0) answeredAtOnce++;
            }
            assertThat(answeredAtOnce).as("connections served while all are held open").isEqualTo(CAP);

            // the held connections stay open and idle: past the cap, idle ones are closed to make room
            var http = new ParleyHttp("http://127.0.0.1:" + listener.port());
            long asked = System.nanoTime();
            var answer = http.send(http.request("/health").timeout(Duration.ofSeconds(20)).GET().build());
            assertThat(answer.statusCode()).isEqualTo(200);
        } finally {
            for (var socket : held) socket.close();
        }
        var warnings = logs.events().stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN)).toList();
        assertThat(warnings).as("no log flood").hasSizeLessThan(3);
    }
}
