package dev.parley.application.catalog;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The catalogue's fields as files name them (CSV columns and JSON keys are the same names), with each value's check.
 * A check returns the parsed value or throws {@link IllegalArgumentException} with the reason.
 */
final class CatalogColumns {
    static final List<String> PROPERTY = List.of("ref", "name", "address", "city", "state", "metro", "time_zone",
            "use_types", "supplier_name", "supplier_phone", "description", "active");
    static final List<String> LISTING = List.of("available_sqft", "base_rate", "available_from", "min_term_months",
            "max_term_months", "terms", "listing_active");
    static final List<String> KNOWLEDGE = List.of("ceiling_height", "dock_doors", "drive_in_doors",
            "climate_controlled", "has_office", "access_24_7", "forklift_available", "electrical_service",
            "parking_spaces", "overnight_parking", "sprinkler_system", "security_features");
    static final List<String> ALL = concat();

    private static final Pattern REF = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final Pattern STATE = Pattern.compile("[A-Z]{2}");
    private static final Pattern PHONE = Pattern.compile("\\+[1-9]\\d{7,14}");

    private CatalogColumns() {
    }

    private static List<String> concat() {
        var all = new java.util.ArrayList<String>(PROPERTY);
        all.addAll(LISTING);
        all.addAll(KNOWLEDGE);
        return List.copyOf(all);
    }

    static String ref(String v) {
        var s = required(v);
        if (!REF.matcher(s).matches()) {
            throw new IllegalArgumentException("must be letters, digits, '.', '_' or '-' (at most 64)");
        }
        return s;
    }

    static String required(String v) {
        if (v == null || v.isBlank()) throw new IllegalArgumentException("is required");
        return v.strip();
    }

    static String text(String v, int max) {
        if (v == null || v.isBlank()) return null;
        var s = v.strip();
        if (s.length() > max) throw new IllegalArgumentException("is longer than " + max + " characters");
        return s;
    }

    static String state(String v) {
        var s = text(v, 2);
        if (s != null && !STATE.matcher(s).matches()) throw new IllegalArgumentException("must be a 2-letter code "
                + "in capitals, like MI");
        return s;
    }

    static String zone(String v) {
        var s = text(v, 64);
        if (s == null) return null;
        try {
            ZoneId.of(s);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("is not a time zone (use an IANA name like America/Detroit)");
        }
        return s;
    }

    static String phone(String v) {
        var s = text(v, 32);
        if (s != null && !PHONE.matcher(s).matches()) {
            throw new IllegalArgumentException("must be an E.164 number like +12485550140");
        }
        return s;
    }

    static List<String> uses(String v) {
        if (v == null || v.isBlank()) return List.of();
        var uses = Arrays.stream(v.split("[,;|]")).map(s -> s.strip().toLowerCase(Locale.ROOT))
                .filter(s -> !s.isEmpty()).distinct().toList();
        if (String.join(",", uses).length() > 500) throw new IllegalArgumentException("is longer than 500 characters");
        return uses;
    }

    static Integer count(String v, boolean required) {
        if (v == null || v.isBlank()) {
            if (required) throw new IllegalArgumentException("is required");
            return null;
        }
        try {
            int n = Integer.parseInt(v.strip().replace(",", "").replace("_", ""));
            if (n < 0) throw new IllegalArgumentException("must not be negative");
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("is not a whole number: '" + v.strip() + "'");
        }
    }

    static BigDecimal decimal(String v, int scale, BigDecimal max) {
        if (v == null || v.isBlank()) return null;
        try {
            var d = new BigDecimal(v.strip().replace("$", ""));
            if (d.signum() < 0) throw new IllegalArgumentException("must not be negative");
            if (d.compareTo(max) > 0) throw new IllegalArgumentException("must be at most " + max);
            if (d.scale() > scale) throw new IllegalArgumentException("has more than " + scale + " decimals");
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("is not a number: '" + v.strip() + "'");
        }
    }

    static LocalDate date(String v) {
        if (v == null || v.isBlank()) return null;
        try {
            return LocalDate.parse(v.strip());
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("is not a date (YYYY-MM-DD): '" + v.strip() + "'");
        }
    }

    /** true/false/yes/no; empty is unknown (null) unless a default is given. */
    static Boolean bool(String v, Boolean empty) {
        if (v == null || v.isBlank()) return empty;
        return switch (v.strip().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "y", "1" -> true;
            case "false", "no", "n", "0" -> false;
            default -> throw new IllegalArgumentException("must be true or false: '" + v.strip() + "'");
        };
    }
}
