package dev.parley.domain.fsm;

/**
 * One thing wrong with a playbook definition.
 *
 * @param source  the file (or other origin) the definition came from, e.g. {@code outreach.json}
 * @param entry   where in it, e.g. {@code transitions[4]}, {@code states}, {@code timers[0].after}
 * @param message what is wrong, e.g. {@code unknown state 'Foo'}
 */
public record DefinitionProblem(String source, String entry, String message) {

    @Override
    public String toString() {
        return source + ": " + entry + ": " + message;
    }
}
