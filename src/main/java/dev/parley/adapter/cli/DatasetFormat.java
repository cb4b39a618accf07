package dev.parley.adapter.cli;

import java.util.Locale;
import java.util.Optional;

/** The labelled files {@code eval alerts} understands. */
enum DatasetFormat {
    /** UCI SMS Spam Collection ({@code label<TAB>text}). */
    UCI(new UciSmsReader()),
    /** Davidson et al. hate-speech CSV. */
    DAVIDSON(new DavidsonCsvReader());

    private final DatasetReader reader;

    DatasetFormat(DatasetReader reader) {
        this.reader = reader;
    }

    DatasetReader reader() {
        return reader;
    }

    /** The name as typed on the command line. */
    String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Optional<DatasetFormat> parse(String name) {
        for (DatasetFormat format : values()) {
            if (format.cliName().equalsIgnoreCase(name.strip())) {
                return Optional.of(format);
            }
        }
        return Optional.empty();
    }
}
