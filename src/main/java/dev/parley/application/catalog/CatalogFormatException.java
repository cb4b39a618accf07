package dev.parley.application.catalog;

import java.util.List;

/** A catalogue file that cannot be imported; every problem names its row (or JSON path) and column. */
public final class CatalogFormatException extends RuntimeException {
    private final List<String> problems;

    public CatalogFormatException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
