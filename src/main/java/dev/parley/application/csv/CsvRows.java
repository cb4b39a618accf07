package dev.parley.application.csv;

import java.io.IOException;
import java.io.PushbackReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Every CSV Parley reads (catalogue imports, the eval and training data sets): RFC 4180 through Apache Commons CSV,
 * one row at a time with the line it starts on, so that every complaint can name its line. Quoted fields may span
 * lines and double their quotes; CRLF, LF or CR end a record; a byte-order mark before the first field is dropped;
 * blank lines are skipped; text after a closing quote is kept ({@code "ab"cd} reads {@code abcd}, as Python's csv
 * does). The caller reads the header itself, so its own messages can say what a column should be. Closing the rows
 * leaves the caller's reader open: whoever opened it closes it (a digest of the whole file may still be reading it).
 */
public final class CsvRows implements AutoCloseable {
    static final CSVFormat FORMAT = CSVFormat.RFC4180.builder()
            .setIgnoreEmptyLines(false) // skipped here, so that every row's first line is known
            .setTrailingData(true)
            .get();

    /** One record and the line (1-based) it starts on. */
    public record Row(long line, List<String> fields) {
    }

    private final CSVParser parser;
    private final Iterator<CSVRecord> records;
    private long linesBefore;

    private CsvRows(CSVParser parser) {
        this.parser = parser;
        this.records = parser.iterator();
    }

    public static CsvRows of(Reader in) {
        try {
            return new CsvRows(CSVParser.builder().setReader(withoutByteOrderMark(in)).setFormat(FORMAT).get());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next row that is not blank, or null at the end. */
    public Row next() throws CsvSyntaxException {
        while (true) {
            long line = linesBefore + 1;
            CSVRecord record;
            try {
                if (!records.hasNext()) return null;
                record = records.next();
            } catch (UncheckedIOException e) {
                if (e.getCause() instanceof CSVException) throw new CsvSyntaxException(line, problem(e.getCause()));
                throw e;
            }
            linesBefore = parser.getCurrentLineNumber();
            var fields = record.toList();
            if (fields.size() == 1 && fields.getFirst().isEmpty()) continue;
            return new Row(line, fields);
        }
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }

    private static String problem(Throwable e) {
        var message = e.getMessage() == null ? "" : e.getMessage();
        if (message.contains("EOF reached before encapsulated token finished")) return "quoted field is never closed";
        return message.replaceFirst("^\\(line \\d+\\) ", "").replaceFirst("^\\(startline \\d+\\) ", "");
    }

    private static Reader withoutByteOrderMark(Reader in) throws IOException {
        var pushback = new PushbackReader(in) {
            @Override
            public void close() {
                // The caller's reader: not ours to close (Commons CSV closes its reader with the parser).
            }
        };
        int first = pushback.read();
        if (first >= 0 && first != '\uFEFF') pushback.unread(first);
        return pushback;
    }
}
