package dev.parley.application.replay;

/**
 * A replay, expectation or transcript file cannot be read as given: names the file, the 1-based line (0 for the
 * file as a whole), the field and the reason. The CLI turns it into exit code 2.
 */
public final class ReplayInputException extends RuntimeException {
    private final String file;
    private final int line;
    private final String field;
    private final String reason;

    public ReplayInputException(String file, int line, String field, String reason) {
        super(file + (line > 0 ? ":" + line : "") + ": " + (field == null ? "" : field + ": ") + reason);
        this.file = file;
        this.line = line;
        this.field = field;
        this.reason = reason;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public String field() {
        return field;
    }

    public String reason() {
        return reason;
    }
}
