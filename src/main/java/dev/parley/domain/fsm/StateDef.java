package dev.parley.domain.fsm;

import java.util.Objects;

/**
 * One state of a playbook's state machine.
 *
 * @param name        identifier (letters, digits, underscore; starts with a letter)
 * @param initial     whether conversations start here (exactly one per definition)
 * @param terminal    whether automation stops here; a terminal state is only left through
 *                    transitions that name it explicitly in {@code from} (never through {@code *})
 * @param description human-readable meaning, shown by {@code parley playbook show}
 */
public record StateDef(String name, boolean initial, boolean terminal, String description) {

    public StateDef {
        Objects.requireNonNull(name, "name");
        description = description == null ? "" : description;
    }
}
