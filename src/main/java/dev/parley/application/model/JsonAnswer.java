package dev.parley.application.model;

import java.util.Optional;

/**
 * A JSON task's answer: the value read from it, or — when the content was not valid for the task and the caller
 * asked to be told rather than fall back — empty, with {@code invalidReason}.
 */
public record JsonAnswer<T>(Optional<T> value, ModelAnswer answer, String invalidReason) {

    public boolean fellBack() {
        return answer.fellBack();
    }
}
