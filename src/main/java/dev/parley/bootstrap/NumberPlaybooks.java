package dev.parley.bootstrap;

import dev.parley.application.playbook.Playbooks;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code playbook.numbers}: which playbook answers on which of our numbers (or Aircall number ids). Each playbook
 * named there, and each webhook's own ({@code webhooks.twilio.playbook}, {@code webhooks.aircall.playbook}), must
 * be installed.
 */
final class NumberPlaybooks {
    private NumberPlaybooks() {
    }

    /** Number → playbook name, in the order configured; a playbook that is not installed refuses the whole file. */
    static Map<String, String> of(ParleyConfig config, Playbooks playbooks) {
        var map = new LinkedHashMap<String, String>();
        var raw = config.get(ConfigKey.PLAYBOOK_NUMBERS);
        if (!raw.isBlank()) {
            for (var pair : raw.split(",")) {
                var parts = pair.strip().split("=");
                map.put(parts[0].strip(), parts[1].strip());
            }
        }
        for (var key : List.of(ConfigKey.WEBHOOKS_TWILIO_PLAYBOOK, ConfigKey.WEBHOOKS_AIRCALL_PLAYBOOK)) {
            var name = config.get(key);
            if (!name.isEmpty() && !playbooks.names().contains(name)) {
                throw new ConfigException(key.key(), "playbook '" + name + "' is not installed; known: "
                        + playbooks.names());
            }
        }
        map.forEach((number, name) -> {
            if (!playbooks.names().contains(name)) {
                throw new ConfigException(ConfigKey.PLAYBOOK_NUMBERS.key(), "playbook '" + name + "' for " + number
                        + " is not installed; known: " + playbooks.names());
            }
        });
        return Map.copyOf(map);
    }
}
