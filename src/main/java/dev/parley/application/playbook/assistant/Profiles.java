package dev.parley.application.playbook.assistant;

import dev.parley.domain.assistant.Profile;
import java.util.List;
import java.util.Optional;

/** Port: the assistant profiles an operator configured ({@code $PARLEY_HOME/profiles/*.json}, else shipped ones). */
public interface Profiles {
    List<Profile> all();

    /** The profile used when routing is ambiguous or invalid. */
    Profile defaultProfile();

    default Optional<Profile> find(String name) {
        return all().stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
