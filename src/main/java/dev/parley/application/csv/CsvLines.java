package dev.parley.application.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.commons.csv.CSVFormat;

/** Every CSV Parley writes: RFC 4180 through Apache Commons CSV, quoted where needed, one LF after each record. */
public final class CsvLines {
    private static final CSVFormat FORMAT = CsvRows.FORMAT.builder().setRecordSeparator('\n').get();

    private CsvLines() {
    }

    /** One record, its line break included; a null value is an empty field. */
    public static String line(List<?> values) {
        var out = new StringBuilder();
        try {
            FORMAT.printRecord(out, values.stream().map(v -> v == null ? "" : v).toArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not fail
        }
        return out.toString();
    }
}
