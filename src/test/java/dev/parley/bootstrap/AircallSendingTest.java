package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.adapter.channels.AircallSender;
import dev.parley.adapter.channels.LocalSender;
import dev.parley.adapter.channels.TwilioSender;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Map;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which sender the {@code aircall} channel gets from the configuration. */
class AircallSendingTest {
    @TempDir Path home;

    private ParleyConfig config(Map<ConfigKey, String> flags) {
        return ParleyConfig.load(home, Map.of(), flags, new SecureRandom());
    }

    private static final Map<ConfigKey, String> API = Map.of(ConfigKey.AIRCALL_API_ID, "a1b2c3",
            ConfigKey.AIRCALL_API_TOKEN, "d4e5f6", ConfigKey.AIRCALL_NUMBER_ID, "84848484");

    @Test
    void theThreeApiKeysRouteTheChannelToAircallWhateverTheDefaultSender() {
        var aircall = AircallSending.of(config(API), new LocalSender(), OkHttpClient::new);
        assertThat(aircall).containsInstanceOf(AircallSender.class);
    }

    @Test
    void senderAircallIsAlsoTheChannelsSender() {
        var fallback = new AircallSender(new OkHttpClient(), "https://api.aircall.io", "a", "b", "1");
        assertThat(AircallSending.of(config(API), fallback, OkHttpClient::new)).containsSame(fallback);
    }

    @Test
    void withoutTheApiTheChannelUsesTheDefaultSender() {
        assertThat(AircallSending.of(config(Map.of(ConfigKey.WEBHOOKS_AIRCALL_TOKEN, "token-0123456789")), new LocalSender(),
                OkHttpClient::new)).isEmpty();
    }

    @Test
    void aPartialSetOfKeysIsRefusedNamingTheMissingOne() {
        var partial = Map.of(ConfigKey.AIRCALL_API_ID, "a1b2c3",
                ConfigKey.AIRCALL_NUMBER_ID, "84848484");
        assertThatThrownBy(() -> AircallSending.of(config(partial), new LocalSender(), OkHttpClient::new))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("aircall.api_token: required");
    }

    @Test
    void anAircallWebhookIsNotAnsweredFromTheTwilioNumber() {
        var twilio = new TwilioSender(new OkHttpClient(), "https://api.twilio.com", "AC1", "t", "+15550000000");
        assertThatThrownBy(() -> AircallSending.of(config(Map.of(ConfigKey.WEBHOOKS_AIRCALL_TOKEN,
                "token-0123456789", ConfigKey.SENDER, "twilio")), twilio, OkHttpClient::new))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("aircall.api_id: required when");
    }
}
