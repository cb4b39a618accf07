package dev.parley.adapter.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * The labelled file of an {@code eval} command ({@code --data}, {@code --format}, {@code --text-column},
 * {@code --label-column}) and reading it. Each command keeps its own {@code --positive}: what a positive is
 * differs between them.
 */
final class LabelledDataOptions {

    @Option(names = "--data", required = true, paramLabel = "<file>", description = "Labelled messages.")
    Path data;

    @Option(names = "--format", required = true, paramLabel = "uci|davidson|csv",
            description = "uci: the UCI SMS Spam Collection (label<TAB>text); davidson: labeled_data.csv of Davidson"
                    + " et al. (class 0 hate, 1 offensive, 2 neither); csv: any CSV with a header (--text-column,"
                    + " --label-column, --positive).")
    String format;

    @Option(names = "--text-column", paramLabel = "C", description = "csv: the column holding the message text.")
    String textColumn;

    @Option(names = "--label-column", paramLabel = "L", description = "csv: the column holding the gold label.")
    String labelColumn;

    /** A wrong combination of options, or a file that cannot be read: the one line the command prints. */
    static final class BadData extends Exception {
        BadData(String message) {
            super(message);
        }
    }

    boolean csv() {
        return format.strip().equalsIgnoreCase("csv");
    }

    /** Whether a csv-only column option was given. */
    boolean columnsGiven() {
        return textColumn != null || labelColumn != null;
    }

    /** The reader of {@code --format csv}: rows whose label is one of {@code positive} are positives. */
    DatasetReader csvReader(List<String> positive) throws BadData {
        if (textColumn == null || labelColumn == null || positive == null || positive.isEmpty()) {
            throw new BadData("--format csv needs --text-column, --label-column and --positive");
        }
        return new CsvColumnsReader(textColumn, labelColumn, new HashSet<>(positive));
    }

    /** The named format ({@code uci} or {@code davidson}); call only when not {@link #csv()}. */
    DatasetFormat namedFormat() throws BadData {
        Optional<DatasetFormat> named = DatasetFormat.parse(format);
        if (named.isEmpty()) throw new BadData("unknown --format '" + format + "' (use uci, davidson or csv)");
        return named.get();
    }

    /** The format as the report names it. */
    String formatName() {
        return csv() ? "csv" : DatasetFormat.parse(format).map(DatasetFormat::cliName).orElse(format);
    }

    /** Hands every row of {@code --data} to {@code sink}, in file order. */
    void read(DatasetReader reader, Consumer<LabelledMessage> sink) throws BadData {
        try (Reader in = Files.newBufferedReader(data, StandardCharsets.UTF_8)) {
            reader.read(in, sink);
        } catch (DatasetFormatException e) {
            throw new BadData(data + ": " + e.getMessage());
        } catch (CharacterCodingException e) {
            throw new BadData(data + ": not UTF-8 text");
        } catch (IOException e) {
            throw new BadData(data + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }
}
