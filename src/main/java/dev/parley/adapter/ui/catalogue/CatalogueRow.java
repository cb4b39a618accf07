package dev.parley.adapter.ui.catalogue;

import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.Field;
import java.util.Locale;

/** One listing of the catalogue as the table shows it. */
public record CatalogueRow(CatalogEntry entry) {
    public String ref() {
        return entry.property().ref();
    }

    public String name() {
        return entry.property().name();
    }

    public String place() {
        var p = entry.property();
        return p.city() + (p.state() == null ? "" : ", " + p.state()) + (p.metro() == null || p.metro().equals(p.city())
                ? "" : " (" + p.metro() + ")");
    }

    public String space() {
        return Field.AVAILABLE_SPACE.format(entry.knowledge(), entry.listing()).orElse("");
    }

    public String rate() {
        return Field.RATE_PER_FOOT.format(entry.knowledge(), entry.listing()).orElse("");
    }

    public String available() {
        var from = entry.listing().availableFrom();
        return from == null ? "now" : from.toString();
    }

    public String uses() {
        return String.join(", ", entry.property().useTypes());
    }

    boolean matches(String filter) {
        if (filter == null || filter.isBlank()) return true;
        var f = filter.strip().toLowerCase(Locale.ROOT);
        return (ref() + " " + name() + " " + place() + " " + uses()).toLowerCase(Locale.ROOT).contains(f);
    }
}
