package dev.parley.adapter.cli;

import dev.parley.application.csv.CsvRows;
import dev.parley.application.csv.CsvSyntaxException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.List;

/** A labelled data set in CSV ({@link CsvRows}): a header, then rows of the header's width, each with its line. */
final class LabelledCsv {
    private LabelledCsv() {
    }

    /** What a reader makes of the header: the reader of every row after it. */
    interface Columns {
        RowReader of(List<String> header) throws DatasetFormatException;
    }

    interface RowReader {
        void read(long line, List<String> fields) throws DatasetFormatException;
    }

    /** Reads {@code in}: an empty file is refused with {@code noHeader}, a row of another width names its line. */
    static void read(Reader in, String noHeader, Columns columns) throws IOException, DatasetFormatException {
        try (var rows = CsvRows.of(new BufferedReader(in))) {
            var header = rows.next();
            if (header == null) throw new DatasetFormatException(1, noHeader);
            var reader = columns.of(header.fields());
            for (var row = rows.next(); row != null; row = rows.next()) {
                if (row.fields().size() != header.fields().size()) {
                    throw new DatasetFormatException(row.line(), "record has " + row.fields().size()
                            + " fields, the header has " + header.fields().size());
                }
                reader.read(row.line(), row.fields());
            }
        } catch (CsvSyntaxException e) {
            throw new DatasetFormatException(e.line(), e.getMessage());
        }
    }
}
