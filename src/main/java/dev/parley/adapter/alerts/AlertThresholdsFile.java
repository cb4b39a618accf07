package dev.parley.adapter.alerts;

import dev.parley.application.alerts.ThresholdStore;
import dev.parley.domain.alert.learned.HeadThresholds;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * {@code alert_thresholds.properties} in the Parley home: {@code <category>.critical} and {@code <category>.review}
 * per head the operator changed in Settings. A bad value is refused at start with the key named.
 */
public final class AlertThresholdsFile implements ThresholdStore {
    public static final String FILE_NAME = "alert_thresholds.properties";

    private final Path file;

    public AlertThresholdsFile(Path home) {
        this.file = home.resolve(FILE_NAME);
    }

    @Override
    public Map<String, HeadThresholds> load() {
        if (!Files.isRegularFile(file)) return Map.of();
        var properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(file + " cannot be read", e);
        }
        var categories = new TreeMap<String, double[]>();
        for (var key : properties.stringPropertyNames()) {
            int dot = key.lastIndexOf('.');
            var tier = dot < 0 ? "" : key.substring(dot + 1);
            if (!tier.equals("critical") && !tier.equals("review")) {
                throw new AlertModelFileException(file + ": key '" + key
                        + "' must be <category>.critical or <category>.review");
            }
            double value;
            try {
                value = Double.parseDouble(properties.getProperty(key).strip());
            } catch (NumberFormatException e) {
                throw new AlertModelFileException(file + ": " + key + " is not a number");
            }
            var pair = categories.computeIfAbsent(key.substring(0, dot), c -> new double[] {Double.NaN, Double.NaN});
            pair[tier.equals("critical") ? 0 : 1] = value;
        }
        var chosen = new LinkedHashMap<String, HeadThresholds>();
        categories.forEach((category, pair) -> {
            if (Double.isNaN(pair[0]) || Double.isNaN(pair[1])) {
                throw new AlertModelFileException(file + ": " + category + " needs both .critical and .review");
            }
            try {
                chosen.put(category, new HeadThresholds(pair[0], pair[1]));
            } catch (IllegalArgumentException e) {
                throw new AlertModelFileException(file + ": " + category + ": " + e.getMessage());
            }
        });
        return chosen;
    }

    @Override
    public void save(Map<String, HeadThresholds> chosen) {
        var text = new StringBuilder("# Thresholds of the learned alert heads chosen in Settings (issue 14).\n");
        new TreeMap<>(chosen).forEach((category, t) -> text.append(category).append(".critical=")
                .append(t.critical()).append('\n').append(category).append(".review=").append(t.review())
                .append('\n'));
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            var temporary = Files.createTempFile(file.toAbsolutePath().getParent(), ".alert_thresholds", ".tmp");
            try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                out.write(text.toString());
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(file + " cannot be written", e);
        }
    }
}
