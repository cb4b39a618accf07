package dev.parley.bootstrap;

import dev.parley.application.playbook.NoopPlaybook;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.playbook.Playbooks;
import java.util.List;

/** Which playbooks this Parley runs, and the default for conversations that name none. */
final class PlaybookInstallation {
    private PlaybookInstallation() {
    }

    static Playbooks install(ParleyConfig config, List<Playbook> extra) {
        var installed = new java.util.ArrayList<Playbook>(List.of(new NoopPlaybook()));
        installed.addAll(extra);
        try {
            return new Playbooks(installed, config.get(ConfigKey.PLAYBOOK_DEFAULT));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(ConfigKey.PLAYBOOK_DEFAULT.key(), e.getMessage());
        }
    }
}
