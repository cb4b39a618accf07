package dev.parley.adapter.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
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
}
