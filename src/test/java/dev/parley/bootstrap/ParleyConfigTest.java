package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.adapter.http.signature.StandardWebhooks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** parley.properties, overridden by PARLEY_* environment variables, overridden by flags. */
class ParleyConfigTest {
    @TempDir Path dir;

    static ParleyConfig load(Path home, Map<String, String> env, Map<ConfigKey, String> flags) {
        return ParleyConfig.load(home, env, flags, new SecureRandom());
    }

    void writeFile(Path home, String content) throws IOException {
        Files.createDirectories(home);
        Files.writeString(home.resolve("parley.properties"), content);
    }

    @Test
    void firstStartCreatesTheFileWithARandomTokenAndWebhookSecret() throws IOException {
        var first = load(dir.resolve("a"), Map.of(), Map.of());
        var second = load(dir.resolve("b"), Map.of(), Map.of());

        var file = dir.resolve("a").resolve("parley.properties");
        assertThat(file).exists();
        var properties = new Properties();
        try (var in = Files.newBufferedReader(file)) {
            properties.load(in);
        }
        var token = first.get(ConfigKey.API_TOKEN);
        var secret = first.get(ConfigKey.WEBHOOKS_GENERIC_SECRET);
        assertThat(properties.getProperty("api.token")).isEqualTo(token);
        assertThat(token).hasSizeGreaterThanOrEqualTo(32);
        assertThat(secret).startsWith("whsec_");
        assertThat(StandardWebhooks.of(secret, Clock.systemUTC())).isNotNull();
        assertThat(second.get(ConfigKey.API_TOKEN)).isNotEqualTo(token);
        assertThat(second.get(ConfigKey.WEBHOOKS_GENERIC_SECRET)).isNotEqualTo(secret);
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(first.getInt(ConfigKey.LISTENER_PORT)).isEqualTo(8787);
        assertThat(first.get(ConfigKey.LISTENER_BIND)).isEqualTo("127.0.0.1");

        var again = load(dir.resolve("a"), Map.of(), Map.of());
        assertThat(again.get(ConfigKey.API_TOKEN)).as("the file is kept, not regenerated").isEqualTo(token);
        assertThat(again.get(ConfigKey.WEBHOOKS_GENERIC_SECRET)).isEqualTo(secret);
    }

    @Test
    void environmentOverridesTheFileAndFlagsOverrideTheEnvironment() throws IOException {
        var home = dir.resolve("layers");
        writeFile(home, "listener.port=9000\nsender=local\n");
        assertThat(ConfigKey.LISTENER_PORT.environmentVariable()).isEqualTo("PARLEY_LISTENER_PORT");

        assertThat(load(home, Map.of(), Map.of()).getInt(ConfigKey.LISTENER_PORT)).isEqualTo(9000);
        assertThat(load(home, Map.of("PARLEY_LISTENER_PORT", "9100"), Map.of()).getInt(ConfigKey.LISTENER_PORT))
                .isEqualTo(9100);
        assertThat(load(home, Map.of("PARLEY_LISTENER_PORT", "9100"), Map.of(ConfigKey.LISTENER_PORT, "9200"))
                .getInt(ConfigKey.LISTENER_PORT)).isEqualTo(9200);
        assertThat(load(home, Map.of("PARLEY_WEBHOOKS_GENERIC_INSECURE", "true"), Map.of())
                .getBoolean(ConfigKey.WEBHOOKS_GENERIC_INSECURE)).isTrue();
    }

    @Test
    void badValueFailsWithAMessageNamingTheKey() throws IOException {
        var home = dir.resolve("bad");
        writeFile(home, "listener.port=eighty\n");

        assertThatThrownBy(() -> load(home, Map.of(), Map.of())).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("listener.port: not a whole number");
        assertThatThrownBy(() -> load(home, Map.of("PARLEY_LISTENER_PORT", "70000"), Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("listener.port: must be from 0 to 65535");
        assertThatThrownBy(() -> load(home, Map.of(), Map.of(ConfigKey.LISTENER_PORT, "1", ConfigKey.SENDER, "pigeon")))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("sender: must be one of");
        assertThatThrownBy(() -> load(home, Map.of(), Map.of(ConfigKey.LISTENER_PORT, "1", ConfigKey.DB_URL,
                "jdbc:h2:tcp://x/db;AUTO_SERVER=TRUE"))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("db.url:");
        assertThatThrownBy(() -> load(home, Map.of(), Map.of(ConfigKey.LISTENER_PORT, "1", ConfigKey.DB_URL,
                "jdbc:mysql://x/parley")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("db.url: Parley stores in H2 (jdbc:h2:...) or PostgreSQL");
    }

    @Test
    void anH2StoreOtherProcessesCouldOpenIsRefusedPointingToTeamMode() {
        var home = dir.resolve("h2-shared");
        for (var url : java.util.List.of("jdbc:h2:tcp://db.example:9092/~/parley", "jdbc:h2:ssl://db.example/parley",
                "jdbc:h2:TCP://localhost/parley", "jdbc:h2:file:/srv/parley/data/parley;AUTO_SERVER=TRUE",
                "jdbc:h2:/srv/parley;auto_server = true;WRITE_DELAY=0", "jdbc:h2:/srv/parley;AUTO_SERVER_PORT=9090",
                "jdbc:h2:/srv/parley;FILE_LOCK=NO")) {
            assertThatThrownBy(() -> load(home, Map.of(), Map.of(ConfigKey.DB_URL, url))).as(url)
                    .isInstanceOf(ConfigException.class).hasMessageStartingWith("db.url: ")
                    .hasMessageContaining("team mode").hasMessageContaining("jdbc:postgresql:");
        }
        assertThatThrownBy(() -> load(home, Map.of(), Map.of(ConfigKey.DB_URL,
                "jdbc:h2:/srv/parley;TRACE_LEVEL_FILE=0;TRACE_LEVEL_SYSTEM_OUT=3"))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("tracing");
        for (var url : java.util.List.of("jdbc:h2:file:/srv/parley/data/parley;WRITE_DELAY=0",
                "jdbc:h2:mem:scratch;DB_CLOSE_DELAY=-1", "jdbc:h2:/srv/parley;AUTO_SERVER=FALSE",
                "jdbc:h2:/srv/parley;FILE_LOCK=FILE", "jdbc:postgresql://db.example:5432/parley")) {
            assertThat(load(home, Map.of(), Map.of(ConfigKey.DB_URL, url)).get(ConfigKey.DB_URL)).as(url)
                    .isEqualTo(url);
        }
    }

    @Test
    void safetyRewriteIsDeterministicByDefaultAndAnythingButTheTwoWordsIsRefused() throws IOException {
        var home = dir.resolve("rewrite");
        writeFile(home, "safety.rewrite=smart\n");
        assertThatThrownBy(() -> load(home, Map.of(), Map.of())).isInstanceOf(ConfigException.class)
                .hasMessage("safety.rewrite: must be one of [deterministic, model] (got 'smart')");
        assertThatThrownBy(() -> load(home, Map.of("PARLEY_SAFETY_REWRITE", "Model"), Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("safety.rewrite: must be one of");
        assertThat(load(home, Map.of("PARLEY_SAFETY_REWRITE", "model"), Map.of()).get(ConfigKey.SAFETY_REWRITE))
                .isEqualTo("model");
        writeFile(home, "");
        assertThat(load(home, Map.of(), Map.of()).get(ConfigKey.SAFETY_REWRITE)).isEqualTo("deterministic");
    }

    @Test
    void aPostgresStoreTakesItsPasswordFromTheEnvironment() {
        var config = load(dir.resolve("pg"), Map.of("PARLEY_DB_URL", "jdbc:postgresql://db:5432/parley",
                "PARLEY_DB_USER", "parley", "PARLEY_DB_PASSWORD", "from-the-environment"), Map.of());
        assertThat(config.get(ConfigKey.DB_URL)).isEqualTo("jdbc:postgresql://db:5432/parley");
        assertThat(config.get(ConfigKey.DB_USER)).isEqualTo("parley");
        assertThat(config.get(ConfigKey.DB_PASSWORD)).isEqualTo("from-the-environment");
    }

    @Test
    void badSecretValuesAreNotEchoed() {
        var home = dir.resolve("secret");
        var shortToken = "tooShort-s3cr3t";
        var badSecret = "whsec_not!base64-s3cr3t";

        assertThatThrownBy(() -> load(home, Map.of(), Map.of(ConfigKey.API_TOKEN, shortToken)))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("api.token:")
                .hasMessageNotContaining(shortToken);
        assertThatThrownBy(() -> load(home, Map.of("PARLEY_WEBHOOKS_GENERIC_SECRET", badSecret), Map.of()))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("webhooks.generic.secret:")
                .hasMessageNotContaining("s3cr3t");
    }

    @Test
    void anUnknownOrMisspeltKeyIsRefusedNamingTheNearestKnownOne() throws IOException {
        var home = dir.resolve("typo");
        writeFile(home, "sender=local\nmodel.provder=openai\n");
        assertThatThrownBy(() -> load(home, Map.of(), Map.of())).isInstanceOf(ConfigException.class)
                .hasMessage("model.provder: unknown configuration key; the nearest known key is 'model.provider'"
                        + " (docs/configuration.md lists them all)");

        writeFile(home, "foo.bar=1\n");
        assertThatThrownBy(() -> load(home, Map.of(), Map.of())).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("foo.bar: unknown configuration key; the nearest known key is '");

        writeFile(home, "listener.port=9000\nlistener.prot=9001\nmodel.max_concurency=8\n");
        assertThatThrownBy(() -> load(home, Map.of(), Map.of())).as("the first unknown key in alphabetical order")
                .hasMessageStartingWith("listener.prot: unknown configuration key; the nearest known key is"
                        + " 'listener.port'");

        var replay = dir.resolve("replay");
        writeFile(replay, "chimein.lookbak=5\n");
        assertThatThrownBy(() -> ParleyConfig.forReplay(replay, Map.of())).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("chimein.lookbak: unknown configuration key; the nearest known key is"
                        + " 'chimein.lookback'");
    }

    @Test
    void aChangeFromTheSettingsToAnUnknownKeyIsRefusedAndTheFileKept() throws IOException {
        var home = dir.resolve("settings");
        writeFile(home, "sender=local\n");
        var config = load(home, Map.of(), Map.of());
        var file = new PropertiesConfigurationFile(config, new SecureRandom());

        assertThatThrownBy(() -> file.write(Map.of("sendr", "twilio"))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("sendr: unknown configuration key; the nearest known key is 'sender'");
        assertThatThrownBy(() -> config.with(Map.of("model.nme", "llama"))).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("model.nme: unknown configuration key; the nearest known key is 'model.name'");
        assertThat(Files.readString(home.resolve("parley.properties"))).isEqualTo("sender=local\n");
    }
}
