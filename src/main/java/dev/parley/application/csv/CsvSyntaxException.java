package dev.parley.application.csv;

/** A file that is not CSV from {@code line} on (a quoted field never closed, …). */
public final class CsvSyntaxException extends Exception {
    private final long line;

    public CsvSyntaxException(long line, String problem) {
        super(problem);
        this.line = line;
    }

    public long line() {
        return line;
    }
}
