package dev.parley.adapter.playbooks;

import dev.parley.domain.buyer.Places;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The shipped known-city list, US states, North American area codes and country calling codes ({@code buyer/*.tsv} on the classpath). */
public final class PlaceFiles {
    private PlaceFiles() {
    }

    public static Places load() {
        return new Places(lines("buyer/states.tsv"), lines("buyer/cities.tsv"), lines("buyer/area-codes.tsv"),
                lines("buyer/calling-codes.tsv"));
    }

    private static List<String> lines(String resource) {
        try (var in = PlaceFiles.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("missing resource " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
