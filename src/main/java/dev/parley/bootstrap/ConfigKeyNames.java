package dev.parley.bootstrap;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Properties;
import java.util.TreeSet;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Key names as written in {@code parley.properties} or the settings: each must be a {@link ConfigKey}. An unknown or
 * misspelt key ({@code model.provder=openai}) is refused, naming the nearest known key, rather than read as nothing
 * and left at its default without a word.
 */
public final class ConfigKeyNames {
    private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

    private ConfigKeyNames() {
    }

    /** The key named {@code name}, or a {@link ConfigException} naming the nearest known key. */
    public static ConfigKey require(String name) {
        return ConfigKey.named(name).orElseThrow(() -> new ConfigException(name, "unknown configuration key; the"
                + " nearest known key is '" + nearest(name) + "' (docs/configuration.md lists them all)"));
    }

    /** Refuses the first unknown key of {@code properties}, in alphabetical order so the message does not vary. */
    static void requireKnown(Properties properties) {
        for (var name : new TreeSet<>(properties.stringPropertyNames())) require(name);
    }

    /** The known key with the fewest edits from {@code name} (ties: the first in the enum's order). */
    static String nearest(String name) {
        return Arrays.stream(ConfigKey.values()).map(ConfigKey::key)
                .min(Comparator.comparingInt((String known) -> DISTANCE.apply(name, known)))
                .orElseThrow();
    }
}
