package dev.parley.adapter.cli.context;

/** A log or annotation file that cannot be read; names the file and line. */
public final class IrcLogFormatException extends Exception {
    public IrcLogFormatException(String message) {
        super(message);
    }
}
