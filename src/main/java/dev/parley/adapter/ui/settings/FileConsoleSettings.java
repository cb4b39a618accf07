package dev.parley.adapter.ui.settings;

import dev.parley.adapter.files.AtomicFiles;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * {@code console.properties} and the alert patterns ({@code opt_out_phrases.json}, the file Parley reads at start)
 * in the Parley home; written on every change, atomically (a crash mid-write leaves the previous file).
 */
public final class FileConsoleSettings implements ConsoleSettings {
    private final Path file;
    private final Path patternsFile;
    private final Properties values = new Properties();

    public FileConsoleSettings(Path home) {
        this.file = home.resolve("console.properties");
        this.patternsFile = home.resolve("opt_out_phrases.json");
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

    /** The text sizes the console offers, smallest first. */
    public static final java.util.List<String> TEXT_SIZES = java.util.List.of("normal", "large", "larger");

    @Override
    public java.time.Duration renotifyAfter() {
        try {
            int minutes = Integer.parseInt(values.getProperty("alerts.renotify_minutes", "10").strip());
            return java.time.Duration.ofMinutes(minutes >= 1 && minutes <= 1440 ? minutes : 10);
        } catch (NumberFormatException e) {
            return java.time.Duration.ofMinutes(10);
        }
    }

    @Override
    public void setRenotifyAfter(java.time.Duration after) {
        long minutes = after.toMinutes();
        if (minutes < 1 || minutes > 1440 || after.toSecondsPart() != 0) {
            throw new IllegalArgumentException("renotify time must be 1 to 1440 whole minutes");
        }
        values.setProperty("alerts.renotify_minutes", Long.toString(minutes));
        save();
    }

    @Override
    public String textSize() {
        var size = values.getProperty("text.size", "normal");
        return TEXT_SIZES.contains(size) ? size : "normal";
    }

    @Override
    public void setTextSize(String size) {
        if (!TEXT_SIZES.contains(size)) throw new IllegalArgumentException("text size must be one of " + TEXT_SIZES);
        values.setProperty("text.size", size);
        save();
    }

    @Override
    public String alertPatterns() {
        try {
            if (Files.exists(patternsFile)) return Files.readString(patternsFile);
            try (var builtIn = FileConsoleSettings.class.getResourceAsStream("/opt_out_phrases.json")) {
                return new String(builtIn.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void setAlertPatterns(String source) {
        try {
            AtomicFiles.writeString(patternsFile, source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void save() {
        var text = new StringWriter();
        try {
            values.store(text, "Parley console preferences");
            AtomicFiles.writeString(file, text.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
