package dev.parley.adapter.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Davidson et al. (ICWSM 2017) {@code labeled_data.csv}: RFC 4180 CSV with a header naming the
 * {@code class} and {@code tweet} columns; quoted fields may span lines and double their quotes.
 * Class 2 ("neither") is benign, 0 (hate speech) hostile, 1 offensive.
 */
final class DavidsonCsvReader implements DatasetReader {
    @Override
    public void read(Reader in, Consumer<LabelledMessage> sink) throws IOException, DatasetFormatException {
        CsvRecords records = new CsvRecords(new BufferedReader(in));
        List<String> header = records.next();
        if (header == null) {
            throw new DatasetFormatException(1, "empty file, expected a header with 'class' and 'tweet' columns");
        }
        int classColumn = header.indexOf("class");
        int tweetColumn = header.indexOf("tweet");
        if (classColumn < 0 || tweetColumn < 0) {
            throw new DatasetFormatException(1, "header must name a 'class' and a 'tweet' column");
        }
        for (List<String> record = records.next(); record != null; record = records.next()) {
            long line = records.recordLine();
            if (record.size() != header.size()) {
                throw new DatasetFormatException(line, "record has " + record.size() + " fields, the header has " + header.size());
            }
            MessageLabel label = switch (record.get(classColumn).strip()) {
                case "0" -> MessageLabel.HOSTILE;
                case "1" -> MessageLabel.OFFENSIVE;
                case "2" -> MessageLabel.BENIGN;
                default -> throw new DatasetFormatException(line, "class must be 0, 1 or 2");
            };
            sink.accept(new LabelledMessage(line, label, record.get(tweetColumn)));
        }
    }

    /** A streaming RFC 4180 record reader that remembers the line each record starts on. */
    private static final class CsvRecords {
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
}
