package dev.parley.bootstrap;

import dev.parley.adapter.files.AtomicFiles;
import dev.parley.adapter.ui.settings.ConfigurationFile;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The console's view of {@code parley.properties}: every written value is checked like at startup, and, with the
 * running Parley, applied at once where it can be ({@link ParleyApp#reconfigure}).
 */
public final class PropertiesConfigurationFile implements ConfigurationFile {
    private final Path file;
    private final ParleyConfig effective;
    private final ParleyApp app;
    private final SecureRandom random;

    public PropertiesConfigurationFile(ParleyConfig effective, SecureRandom random) {
        this(effective, null, random);
    }

    /** On the running {@code app} (may be null: every change waits for the next start). */
    public PropertiesConfigurationFile(ParleyConfig effective, ParleyApp app, SecureRandom random) {
        this.file = effective.home().resolve("parley.properties");
        this.effective = effective;
        this.app = app;
        this.random = random;
    }

    @Override
    public Map<String, String> read() {
        var config = app != null ? app.currentConfig() : effective;
        var values = new LinkedHashMap<String, String>();
        for (var key : ConfigKey.values()) {
            if (key != ConfigKey.DB_URL && key != ConfigKey.DB_PASSWORD) values.put(key.key(), config.get(key));
        }
        return values;
    }

    @Override
    public synchronized Applied apply(Map<String, String> changes) {
        if (app == null) return ConfigurationFile.super.apply(changes);
        // checked and built first (a sender without its credentials refuses the change), saved, then applied
        var outcome = app.reconfigure(changes, () -> write(changes));
        return new Applied(outcome.applied(), outcome.listener(), outcome.restart());
    }

    @Override
    public String restartListener() {
        if (app == null) return ConfigurationFile.super.restartListener();
        return app.restartListener();
    }

    @Override
    public synchronized void write(Map<String, String> changes) {
        var properties = load();
        changes.forEach((name, value) -> {
            ConfigKeyNames.require(name).check(value);
            properties.setProperty(name, value);
        });
        var text = new StringWriter();
        try {
            properties.store(text, "Parley configuration (docs/configuration.md)");
            AtomicFiles.writeString(file, text.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Properties load() {
        var properties = new Properties();
        if (Files.exists(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return properties;
    }

    @Override
    public String newWebhookSecret() {
        var secret = new byte[32];
        random.nextBytes(secret);
        return "whsec_" + Base64.getEncoder().encodeToString(secret);
    }
}
