package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.bootstrap.ConfigKey;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first example as a new user runs it: a signed webhook posts "Hello from the docs"; the contact started
 * the conversation, so it gets playbook.inbound (the assistant by default), which answers usefully, offline.
 */
class ReadmeFirstExampleTest {

    @Test
    void helloFromTheDocsGetsAUsefulOfflineAnswer(@TempDir Path home) {
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(ConfigKey.PLAYBOOK_DEFAULT, "outreach",
                ConfigKey.PLAYBOOK_INBOUND, ConfigKey.PLAYBOOK_INBOUND.defaultValue()), null)) {
            var http = parley.http();
            var body = "{\"id\":\"SM100\",\"channel\":\"sms\",\"from\":\"+15550100\",\"to\":\"+15550199\","
                    + "\"text\":\"Hello from the docs\"}";
            assertThat(http.postGeneric("msg_readme", body, Clock.systemUTC()).statusCode()).isEqualTo(202);

            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                var conversation = ParleyHttp.json(http.apiGet("/api/conversations/1"));
                assertThat(conversation.toString()).contains("\"playbook\":\"assistant\"")
                        .contains("Hi! I'm the automated assistant here (general).");
            });
        }
    }
}
