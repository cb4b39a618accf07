package dev.parley.bootstrap;

/** A configuration value Parley cannot start with; the message names the key and the problem in one line. */
public class ConfigException extends RuntimeException {
    public ConfigException(String key, String problem) {
        super(key + ": " + problem);
    }
}
