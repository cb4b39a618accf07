package dev.parley.domain.buyer;

import dev.parley.domain.catalog.Field;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Seed 003's Topic Catalog: what a buyer's message is about, detected by a pattern, and the Field Catalog fields
 * that answer it ({@code TOPIC_TO_FIELD_KEYS}). {@code mapKeywords} drive the conservative question-to-field mapping
 * (two or more distinct keywords must appear). A topic without fields (hazmat, subleasing, …) can only be answered
 * by a person.
 */
public enum Topic {
    // Overnight parking before parking: "park overnight" is the narrower question.
    OVERNIGHT_PARKING("overnight parking", "\\bovernight\\b|\\bpark(ed|ing)? (trucks|trailers) (there|on site)",
            List.of(Field.OVERNIGHT_PARKING), Set.of("overnight", "park", "parking", "trucks", "truck", "trailers",
            "trailer", "yard", "leave")),
    CEILING_HEIGHT("ceiling height", "\\bceiling|clear height|\\bclearance\\b|how (tall|high)\\b|\\bclear (span|ht)",
            List.of(Field.CEILING_HEIGHT), Set.of("ceiling", "height", "clear", "tall", "high", "clearance", "feet",
            "ft")),
    DOCK_DOORS("dock doors", "\\bdocks?\\b|dock[- ]high|loading (bay|door)s?|truck doors?", List.of(Field.DOCK_DOORS),
            Set.of("dock", "docks", "doors", "door", "loading", "bays", "many", "truck")),
    DRIVE_IN_DOORS("drive-in doors", "drive[- ]?in|grade[- ]level|roll[- ]?up door", List.of(Field.DRIVE_IN_DOORS),
            Set.of("drive-in", "drive", "grade", "level", "doors", "door", "rollup", "roll-up")),
    COLD_STORAGE("cold storage", "cold storage|refrigerat|\\bfreezer|temperature|climate[- ]control|\\bcooler\\b|"
            + "\\bfrozen\\b|\\bchilled\\b", List.of(Field.TEMPERATURE_CONTROLLED), Set.of("cold", "storage",
            "temperature", "climate", "controlled", "refrigerated", "freezer", "cooler")),
    RATE("rate", "\\bprice|\\brates?\\b|\\bcost|how much (is|does|would|for)|\\brent\\b|per (sq|square)|\\$",
            List.of(Field.RATE_PER_FOOT), Set.of("price", "rate", "cost", "rent", "per", "sqft", "month", "much")),
    AVAILABLE_SPACE("available space", "how (big|large)|how much space|square (feet|footage) (is )?available|"
            + "\\bsize of\\b|available space", List.of(Field.AVAILABLE_SPACE), Set.of("space", "available", "size",
            "square", "footage", "sqft", "big", "large")),
    OFFICE("office space", "\\boffices?\\b", List.of(Field.OFFICE_SPACE), Set.of("office", "offices", "desk",
            "space")),
    HOURS_24H("24/7 access", "24/7|24 ?(hours?|hrs?|h)\\b|around the clock|after[- ]hours|weekend access|any ?time "
            + "access", List.of(Field.HOURS_24H), Set.of("24/7", "24h", "hours", "access", "anytime", "weekend",
            "night", "after-hours")),
    FORKLIFT("forklift", "fork ?lifts?", List.of(Field.FORKLIFT), Set.of("forklift", "forklifts", "lift", "equipment",
            "available")),
    POWER("power", "\\bpower\\b|electric|\\bamps?\\b|\\bamperage|3[- ]phase|three[- ]phase|voltage|\\bvolts?\\b",
            List.of(Field.POWER), Set.of("power", "electrical", "electric", "amp", "amps", "phase", "voltage", "volt",
            "service")),
    PARKING("parking", "\\bparking\\b|\\bpark\\b|parking (spots|spaces)", List.of(Field.PARKING), Set.of("parking",
            "park", "spots", "spaces", "cars", "employees", "lot")),
    SPRINKLERS("sprinklers", "sprinkler|fire suppression|\\besfr\\b", List.of(Field.SPRINKLERS), Set.of("sprinkler",
            "sprinklers", "fire", "suppression", "esfr", "system")),
    SECURITY("security", "\\bsecur(e|ity)|\\bcameras?\\b|\\bcctv\\b|\\balarm|\\bfenced\\b|\\bgated\\b|\\bguards?\\b",
            List.of(Field.SECURITY), Set.of("security", "secure", "camera", "cameras", "alarm", "fenced", "gated",
            "guard")),
    HAZMAT("hazmat storage", "haz ?mat|hazardous|flammable|chemicals?", List.of(), Set.of()),
    SUBLEASE("subleasing", "sub ?-?leas|sub ?-?let", List.of(), Set.of()),
    RAIL("rail access", "\\brail\\b|rail spur|railcar", List.of(), Set.of()),
    INSURANCE("insurance requirements", "\\binsurance\\b|\\bcoi\\b|certificate of insurance", List.of(), Set.of());

    private final String label;
    private final Pattern pattern;
    private final List<Field> fields;
    private final Set<String> mapKeywords;

    Topic(String label, String regex, List<Field> fields, Set<String> mapKeywords) {
        this.label = label;
        this.pattern = Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
        this.fields = fields;
        this.mapKeywords = mapKeywords;
    }

    /** How a message names the topic ("the overnight parking question"). */
    public String label() {
        return label;
    }

    /** The fields that answer this topic; empty when only a person can. */
    public List<Field> fields() {
        return fields;
    }

    boolean foundIn(String text) {
        return pattern.matcher(text).find();
    }

    Set<String> mapKeywords() {
        return mapKeywords;
    }
}
