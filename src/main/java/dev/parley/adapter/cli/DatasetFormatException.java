package dev.parley.adapter.cli;

/** An evaluation file that does not have the declared format; names the line. */
final class DatasetFormatException extends Exception {
    DatasetFormatException(long line, String reason) {
        super("line " + line + ": " + reason);
    }

    private DatasetFormatException(String message) {
        super(message);
    }

    /** The same problem, its message prefixed with the file it is in. */
    DatasetFormatException in(String file) {
        return new DatasetFormatException(file + ": " + getMessage());
    }
}
