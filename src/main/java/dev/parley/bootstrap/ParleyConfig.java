package dev.parley.bootstrap;

import dev.parley.adapter.files.AtomicFiles;
import dev.parley.adapter.files.PrivateFiles;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;

/**
 * Parley's configuration: {@code $PARLEY_HOME/parley.properties}, overridden by {@code PARLEY_<KEY>} environment
 * variables, overridden by command-line flags. A missing file is created with a fresh API token and webhook secret.
 */
public final class ParleyConfig {
    private final Path home;
    private final Map<ConfigKey, String> values;

    private ParleyConfig(Path home, Map<ConfigKey, String> values) {
        this.home = home;
        this.values = values;
    }

    /** The home directory: {@code PARLEY_HOME}, else {@code ~/.parley}. */
    public static Path defaultHome(Map<String, String> env) {
        var fromEnv = env.get("PARLEY_HOME");
        return fromEnv != null && !fromEnv.isBlank() ? Path.of(fromEnv)
                : Path.of(System.getProperty("user.home"), ".parley");
    }

    public static ParleyConfig load(Path home, Map<String, String> env, Map<ConfigKey, String> flags,
                                    SecureRandom random) {
        var file = home.resolve("parley.properties");
        var properties = new Properties();
        try {
            if (Files.notExists(home)) PrivateFiles.directory(home);
            PrivateFiles.directory(home.resolve("data"));
            if (Files.notExists(file)) {
                writeFirstStartFile(file, random);
            }
            PrivateFiles.restrict(file);
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new ConfigException(file.toString(), "cannot read or create: " + e.getMessage());
        }
        ConfigKeyNames.requireKnown(properties);
        var values = new EnumMap<ConfigKey, String>(ConfigKey.class);
        for (var key : ConfigKey.values()) {
            var value = properties.getProperty(key.key(), key.defaultValue()).trim();
            var override = env.get(key.environmentVariable());
            if (override != null) value = override.trim();
            if (flags.containsKey(key)) value = flags.get(key).trim();
            key.check(value);
            values.put(key, value);
        }
        if (values.get(ConfigKey.DB_URL).isEmpty()) {
            values.put(ConfigKey.DB_URL, defaultDbUrl(home));
        }
        return new ParleyConfig(home, values);
    }

    /**
     * The configuration of a replay: {@code configDir/parley.properties} when it exists, then {@code overrides}.
     * Nothing is created or written and the environment is ignored, so a replay does not depend on the machine.
     */
    public static ParleyConfig forReplay(Path configDir, Map<ConfigKey, String> overrides) {
        var properties = new Properties();
        var file = configDir.resolve("parley.properties");
        if (Files.isRegularFile(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(in);
            } catch (IOException e) {
                throw new ConfigException(file.toString(), "cannot read: " + e.getMessage());
            }
        }
        ConfigKeyNames.requireKnown(properties);
        var values = new EnumMap<ConfigKey, String>(ConfigKey.class);
        for (var key : ConfigKey.values()) {
            var value = overrides.containsKey(key) ? overrides.get(key).trim()
                    : properties.getProperty(key.key(), key.defaultValue()).trim();
            key.check(value);
            values.put(key, value);
        }
        return new ParleyConfig(configDir, values);
    }

    /** The embedded default: an H2 file that writes every commit at once (docs/decisions/0001-h2-file-store.md). */
    static String defaultDbUrl(Path home) {
        return "jdbc:h2:file:" + home.toAbsolutePath().resolve("data").resolve("parley") + ";WRITE_DELAY=0";
    }

    private static void writeFirstStartFile(Path file, SecureRandom random) throws IOException {
        var token = new byte[24];
        random.nextBytes(token);
        var secret = new byte[32];
        random.nextBytes(secret);
        AtomicFiles.writeString(file, "# Parley configuration (docs/configuration.md). Created on first start.\n"
                + "api.token=" + Base64.getUrlEncoder().withoutPadding().encodeToString(token) + "\n"
                + "webhooks.generic.secret=whsec_" + Base64.getEncoder().encodeToString(secret) + "\n"
                + "listener.bind=127.0.0.1\n"
                + "listener.port=8787\n"
                + "sender=local\n");
    }

    /** This configuration with {@code changes} (key name → value) on top, each checked as at start. */
    public ParleyConfig with(java.util.Map<String, String> changes) {
        var next = new EnumMap<>(values);
        changes.forEach((name, value) -> {
            var key = ConfigKeyNames.require(name);
            var v = value == null ? "" : value.trim();
            key.check(v);
            next.put(key, key == ConfigKey.DB_URL && v.isEmpty() ? defaultDbUrl(home) : v);
        });
        return new ParleyConfig(home, next);
    }

    public Path home() {
        return home;
    }

    public String get(ConfigKey key) {
        return values.get(key);
    }

    public int getInt(ConfigKey key) {
        return Integer.parseInt(values.get(key));
    }

    public boolean getBoolean(ConfigKey key) {
        return Boolean.parseBoolean(values.get(key));
    }
}
