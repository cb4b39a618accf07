package dev.parley.bootstrap.replay;

import dev.parley.bootstrap.ConfigKey;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * Which model answers in a replay: {@code offline} (the default: exact and free), {@code config} (the model.* keys
 * of the replay's configuration), or {@code cassette:DIR} (recorded answers; a miss stops the replay). Any of the
 * first two may also record into a cassette.
 */
public record ReplayModel(String option, Path recordTo) {
    public static final ReplayModel OFFLINE = new ReplayModel("offline", null);

    public ReplayModel {
        if (!option.equals("offline") && !option.equals("config") && !option.startsWith("cassette:")) {
            throw new IllegalArgumentException("model must be offline, config or cassette:DIR");
        }
        if (option.startsWith("cassette:") && recordTo != null) {
            throw new IllegalArgumentException("cannot record while replaying a cassette");
        }
    }

    /** The configuration keys this choice sets over the replay's own configuration. */
    Map<ConfigKey, String> overrides() {
        var overrides = new EnumMap<ConfigKey, String>(ConfigKey.class);
        if (option.equals("offline")) overrides.put(ConfigKey.MODEL_PROVIDER, "offline");
        if (option.startsWith("cassette:")) {
            overrides.put(ConfigKey.MODEL_CASSETTE, "replay:" + Path.of(option.substring(9)).toAbsolutePath());
        } else {
            overrides.put(ConfigKey.MODEL_CASSETTE, recordTo == null ? "" : "record:" + recordTo.toAbsolutePath());
        }
        return overrides;
    }
}
