package dev.parley.application.playbook;

/** A message or request names a playbook that is not installed; retrying cannot help. */
public class UnknownPlaybookException extends RuntimeException {
    public UnknownPlaybookException(String name) {
        super("unknown playbook '" + name + "'");
    }
}
