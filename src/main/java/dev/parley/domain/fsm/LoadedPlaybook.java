package dev.parley.domain.fsm;

import java.util.Objects;

/**
 * Everything one playbook file holds: the state machine plus the reply templates and settings
 * its actions use.
 *
 * @param name       playbook name, e.g. {@code outreach}
 * @param origin     where it was read from, e.g. {@code classpath:playbooks/outreach.json} or a
 *                   path under {@code $PARLEY_HOME/playbooks}
 */
public record LoadedPlaybook(
        String name, String origin, PlaybookDefinition definition, Templates templates, PlaybookSettings settings) {

    public LoadedPlaybook {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(definition, "definition");
        Objects.requireNonNull(templates, "templates");
        Objects.requireNonNull(settings, "settings");
    }
}
