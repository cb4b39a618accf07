package dev.parley.domain.buyer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The shipped known-city list, read from the source tree (the domain tests load no classpath resources). */
public final class TestPlaces {
    private TestPlaces() {
    }

    public static Places shipped() {
        try {
            var dir = Path.of("src/main/resources/buyer");
            return new Places(Files.readAllLines(dir.resolve("states.tsv")), Files.readAllLines(dir.resolve("cities.tsv")),
                    Files.readAllLines(dir.resolve("area-codes.tsv")), Files.readAllLines(dir.resolve("calling-codes.tsv")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
