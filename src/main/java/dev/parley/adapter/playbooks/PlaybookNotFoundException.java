package dev.parley.adapter.playbooks;

/** No playbook file with that name exists in {@code $PARLEY_HOME/playbooks} or on the classpath. */
public final class PlaybookNotFoundException extends RuntimeException {

    public PlaybookNotFoundException(String message) {
        super(message);
    }
}
