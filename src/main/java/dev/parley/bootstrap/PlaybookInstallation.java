package dev.parley.bootstrap;

import dev.parley.application.playbook.NoopPlaybook;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.playbook.Playbooks;
import java.util.ArrayList;
import java.util.List;

/** Which playbooks this Parley runs, and the default for conversations that name none. */
final class PlaybookInstallation {
    private PlaybookInstallation() {
    }

    static Playbooks install(ParleyConfig config, List<Playbook> extra) {
        var installed = new ArrayList<Playbook>();
        installed.add(new NoopPlaybook());
        installed.addAll(extra);
        try {
            return new Playbooks(installed, config.get(ConfigKey.PLAYBOOK_DEFAULT));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(ConfigKey.PLAYBOOK_DEFAULT.key(), e.getMessage());
        }
    }
}
