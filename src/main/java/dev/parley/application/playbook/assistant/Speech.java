package dev.parley.application.playbook.assistant;

import java.nio.file.Path;
import java.util.Optional;

/** Port: optional speech output (seed 001 step 10): a WAV of the reply, or empty when speech is off or unavailable. */
public interface Speech {
    Speech OFF = (text, name) -> Optional.empty();

    /** Speaks {@code text} into a WAV file named after {@code name}; empty when not possible (nothing is thrown). */
    Optional<Path> speak(String text, String name);
}
