package dev.parley.adapter.cli;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * A streaming RFC 4180 record reader that remembers the line each record starts on: quoted fields may span lines
 * and double their quotes; a stray quote inside an unquoted field is kept as text, as Python's csv does.
 */
final class CsvRecords {
    private final Reader in;
    private long line = 1;
    private long recordLine;
    private int pushedBack = -2;

    CsvRecords(Reader in) {
        this.in = in;
    }

    long recordLine() {
        return recordLine;
    }

    /** The next record, or null at the end of the file. */
    List<String> next() throws IOException, DatasetFormatException {
        int c = read();
        while (c == '\r' || c == '\n') { // skip blank lines between records
            c = read();
        }
        if (c < 0) {
            return null;
        }
        recordLine = line;
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean atFieldStart = true;
        while (true) {
            if (quoted) {
                if (c < 0) {
                    throw new DatasetFormatException(recordLine, "quoted field is never closed");
                }
                if (c == '"') {
                    int after = read();
                    if (after == '"') {
                        field.append('"');
                    } else {
                        quoted = false;
                        c = after;
                        continue;
                    }
                } else {
                    field.append((char) c);
                }
            } else if (c < 0 || c == '\n' || c == '\r') {
                if (c == '\r') {
                    int after = read();
                    if (after != '\n') {
                        pushedBack = after;
                    }
                }
                fields.add(field.toString());
                return fields;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
                atFieldStart = true;
                c = read();
                continue;
            } else if (c == '"' && atFieldStart) {
                quoted = true;
            } else {
                // A stray quote inside an unquoted field is kept as text, as Python's csv does.
                field.append((char) c);
            }
            atFieldStart = false;
            c = read();
        }
    }

    private int read() throws IOException {
        int c;
        if (pushedBack != -2) {
            c = pushedBack;
            pushedBack = -2;
            return c;
        }
        c = in.read();
        if (c == '\n') {
            line++;
        }
        return c;
    }
}
