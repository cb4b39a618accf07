package dev.parley.adapter.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.function.Consumer;

/**
 * UCI SMS Spam Collection: one message per line, {@code ham<TAB>text} or {@code spam<TAB>text}, no
 * header. Every ham line is benign. Empty lines are skipped.
 */
final class UciSmsReader implements DatasetReader {
    @Override
    public void read(Reader in, Consumer<LabelledMessage> sink) throws IOException, DatasetFormatException {
        BufferedReader lines = new BufferedReader(in);
        long number = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            number++;
            if (line.isEmpty()) {
                continue;
            }
            int tab = line.indexOf('\t');
            String label = tab < 0 ? "" : line.substring(0, tab);
            MessageLabel parsed = switch (label) {
                case "ham" -> MessageLabel.BENIGN;
                case "spam" -> MessageLabel.SPAM;
                default -> throw new DatasetFormatException(number, "expected 'ham' or 'spam', a tab, then the text");
            };
            sink.accept(new LabelledMessage(number, parsed, line.substring(tab + 1)));
        }
    }
}
