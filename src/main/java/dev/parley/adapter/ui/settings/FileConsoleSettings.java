package dev.parley.adapter.ui.settings;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** {@code console.properties} and {@code alert-patterns.txt} in the Parley home; written on every change. */
public final class FileConsoleSettings implements ConsoleSettings {
    static final String DEFAULT_PATTERNS = """
            # category: regex (RE2, case-insensitive)
            self-harm: \\b(kill myself|end it all|hurt myself)\\b
            threat: \\b(i will hurt you|you will regret)\\b
            legal: \\b(lawyer|attorney|sue you)\\b
            opt-out: ^\\s*(stop|unsubscribe)\\s*$
            """;
    private final Path file;
    private final Path patternsFile;
    private final Properties values = new Properties();

    public FileConsoleSettings(Path home) {
        this.file = home.resolve("console.properties");
        this.patternsFile = home.resolve("alert-patterns.txt");
        if (Files.exists(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                values.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public String operatorName() {
        return values.getProperty("operator.name", "");
    }

    @Override
    public void setOperatorName(String name) {
        values.setProperty("operator.name", name.strip());
        save();
    }

    @Override
    public String theme() {
        return values.getProperty("theme", "light");
    }

    @Override
    public void setTheme(String theme) {
        values.setProperty("theme", theme);
        save();
    }

    @Override
    public String alertPatterns() {
        try {
            return Files.exists(patternsFile) ? Files.readString(patternsFile) : DEFAULT_PATTERNS;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void setAlertPatterns(String source) {
        try {
            Files.writeString(patternsFile, source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void save() {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            values.store(out, "Parley console preferences");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
