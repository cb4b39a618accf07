package dev.parley.adapter.ui.settings;

import java.util.Map;

/** Port to {@code parley.properties}: the settings view reads and writes keys; they apply at the next start. */
public interface ConfigurationFile {
    Map<String, String> read();

    void write(Map<String, String> changes);

    /** A fresh Standard Webhooks secret ({@code whsec_…}). */
    String newWebhookSecret();
}
