package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.InboxStatus;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** listener.enabled=false: a process of a team that takes no webhooks and serves no API, but works the queues. */
class ListenerDisabledTest {
    @TempDir Path home;

    @Test
    void aProcessWithoutAListenerBindsNothingAndStillProcessesTheInbox() throws Exception {
        int port;
        try (var probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        var config = ParleyConfig.load(home, Map.of(), Map.of(ConfigKey.LISTENER_ENABLED, "false",
                ConfigKey.LISTENER_PORT, Integer.toString(port), ConfigKey.PLAYBOOK_INBOUND, "noop"),
                new SecureRandom());
        var binding = ListenerBinding.bind(config);
        try (var app = new ParleyApp(config, Clock.systemUTC(), null)) {
            app.start(binding);
            assertThat(app.port()).isEqualTo(-1);
            assertThat(home.resolve(RunFile.NAME)).doesNotExist();
            try (var same = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                assertThat(same.getLocalPort()).as("the configured port is left free").isEqualTo(port);
            }
            // a receipt another process took in: this one processes it
            app.transactions.run(s -> s.inbox().insertIfAbsent(new InboundMessage("sms", "SM1", "+1555", "+1555",
                    "+1999", "hello", null, Instant.now(), null, null), "{}", Instant.now()));
            await().atMost(Duration.ofSeconds(20)).until(() -> app.transactions.inTransaction(
                    s -> s.inbox().countByStatus()).get(InboxStatus.PROCESSED) == 1);
        }
        assertThat(Files.list(home).map(p -> p.getFileName().toString())).doesNotContain(RunFile.NAME);
    }
}
