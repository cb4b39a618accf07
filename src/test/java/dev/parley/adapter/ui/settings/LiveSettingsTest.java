package dev.parley.adapter.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.alerts.JsonAlertPatternTester;
import dev.parley.adapter.ui.ConsoleFixture;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.message.OutboxStatus;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import javafx.beans.property.SimpleStringProperty;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Settings saved in the console apply to the running Parley without a restart (sender, alert patterns), and the
 * listener's port, which needs the listener restarted, is restarted on request.
 */
class LiveSettingsTest {
    @TempDir Path home;
    ConsoleFixture fx;
    SettingsViewModel settings;

    @BeforeEach
    void start() {
        fx = new ConsoleFixture(home);
        settings = new SettingsViewModel(fx.context.settings(), fx.context.configuration(), new JsonAlertPatternTester(),
                new SimpleStringProperty("Dana"));
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void aNewSenderDeliversTheNextMessageWithoutARestart() throws Exception {
        try (var receiver = new MockWebServer()) {
            receiver.enqueue(new MockResponse.Builder().code(200).body("{}").build());
            receiver.start();
            var config = fx.context.configuration().apply(java.util.Map.of("sender", "webhook", "sender.webhook.url",
                    receiver.url("/outbound").toString(), "sender.webhook.secret",
                    "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"));
            assertThat(config.now()).contains("sender", "sender.webhook.url", "sender.webhook.secret");
            assertThat(config.listener()).isEmpty();
            long id = fx.startConversation("+15550601", "Hello through the new sender");
            var request = receiver.takeRequest();
            assertThat(request.getUrl().encodedPath()).isEqualTo("/outbound");
            assertThat(request.getHeaders().get("webhook-signature")).startsWith("v1,");
            assertThat(fx.parley.app.find.detail(id).outbox()).allMatch(o -> o.status() == OutboxStatus.SENT);
        }
        assertThat(java.nio.file.Files.readString(home.resolve("parley.properties"))).contains("sender=webhook");
    }

    @Test
    void aSenderThatCannotBeBuiltIsRefusedAndNothingChanges() {
        settings.value("sender").set("twilio");
        settings.value("twilio.account_sid").set("");
        settings.save();
        assertThat(settings.status().get()).startsWith("Not saved:").contains("twilio");
        assertThat(fx.context.configuration().read()).containsEntry("sender", "local");
    }

    @Test
    void editedAlertPatternsRaiseAlertsFromTheNextMessage() {
        long id = fx.startOutreach("+15550602");
        settings.patterns().set(settings.patterns().get().replace("\"(suicide|kill myself|",
                "\"(suicide|swim with the fishes|kill myself|"));
        settings.sample().set("you will swim with the fishes");
        assertThat(settings.matches()).singleElement().asString().startsWith("self_harm");
        settings.save();
        assertThat(settings.status().get()).contains("Applied now: alert patterns");
        fx.inbound(id, "+15550602", "you will swim with the fishes");
        assertThat(fx.parley.app.find.detail(id).conversation().state()).isEqualTo("HumanReview");
        assertThat(fx.parley.app.find.detail(id).alerts()).singleElement()
                .satisfies(a -> assertThat(a.severity()).isEqualTo(AlertSeverity.CRITICAL));
    }

    @Test
    void theListenerPortWaitsForARestartWhichTheConsoleOffers() throws Exception {
        int oldPort = fx.parley.app.port();
        int newPort;
        try (var probe = new ServerSocket(0)) {
            newPort = probe.getLocalPort();
        }
        settings.value("listener.port").set(Integer.toString(newPort));
        settings.save();
        assertThat(settings.listenerRestartNeeded().get()).isTrue();
        assertThat(settings.status().get()).contains("listener.port: the listener keeps its address until it "
                + "restarts");
        assertThat(health(oldPort)).isEqualTo(200);

        settings.restartListener();
        assertThat(settings.status().get()).isEqualTo("Listener restarted: now on 127.0.0.1:" + newPort + ".");
        assertThat(settings.listenerRestartNeeded().get()).isFalse();
        assertThat(health(newPort)).isEqualTo(200);
        await().atMost(Duration.ofSeconds(5)).until(() -> health(oldPort) == -1);
    }

    private static int health(int port) {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/health")).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString())
                    .statusCode();
        } catch (java.io.IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
