package dev.parley.adapter.cli;

import java.io.IOException;
import java.io.Reader;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Any labelled CSV with a header ({@code --format csv}): the text is in {@code textColumn}, the gold label in
 * {@code labelColumn}; a row whose label is one of {@code positive} should be flagged (reported as
 * {@code hostile}), every other row is ordinary (reported as {@code benign}).
 */
final class CsvColumnsReader implements DatasetReader {
    private final String textColumn;
    private final String labelColumn;
    private final Set<String> positive;

    CsvColumnsReader(String textColumn, String labelColumn, Set<String> positive) {
        this.textColumn = textColumn;
        this.labelColumn = labelColumn;
        this.positive = Set.copyOf(positive);
    }

    @Override
    public void read(Reader in, Consumer<LabelledMessage> sink) throws IOException, DatasetFormatException {
        LabelledCsv.read(in, "empty file, expected a header naming '" + textColumn + "' and '" + labelColumn + "'",
                header -> {
                    int text = column(header, textColumn);
                    int label = column(header, labelColumn);
                    return (line, fields) -> sink.accept(new LabelledMessage(line,
                            positive.contains(fields.get(label).strip()) ? MessageLabel.HOSTILE : MessageLabel.BENIGN,
                            fields.get(text)));
                });
    }

    private static int column(List<String> header, String name) throws DatasetFormatException {
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).strip().equals(name)) return i;
        }
        throw new DatasetFormatException(1, "header has no column '" + name + "' (it has " + header + ")");
    }
}
