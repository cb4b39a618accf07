package dev.parley.adapter.cli;

import java.io.IOException;
import java.io.Reader;
import java.util.function.Consumer;

/**
 * Davidson et al. (ICWSM 2017) {@code labeled_data.csv}: RFC 4180 CSV with a header naming the
 * {@code class} and {@code tweet} columns; quoted fields may span lines and double their quotes.
 * Class 2 ("neither") is benign, 0 (hate speech) hostile, 1 offensive.
 */
final class DavidsonCsvReader implements DatasetReader {
    @Override
    public void read(Reader in, Consumer<LabelledMessage> sink) throws IOException, DatasetFormatException {
        LabelledCsv.read(in, "empty file, expected a header with 'class' and 'tweet' columns", header -> {
            int classColumn = header.indexOf("class");
            int tweetColumn = header.indexOf("tweet");
            if (classColumn < 0 || tweetColumn < 0) {
                throw new DatasetFormatException(1, "header must name a 'class' and a 'tweet' column");
            }
            return (line, fields) -> {
                MessageLabel label = switch (fields.get(classColumn).strip()) {
                    case "0" -> MessageLabel.HOSTILE;
                    case "1" -> MessageLabel.OFFENSIVE;
                    case "2" -> MessageLabel.BENIGN;
                    default -> throw new DatasetFormatException(line, "class must be 0, 1 or 2");
                };
                sink.accept(new LabelledMessage(line, label, fields.get(tweetColumn)));
            };
        });
    }
}
