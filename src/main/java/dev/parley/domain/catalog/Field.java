package dev.parley.domain.catalog;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Seed 003's Field Catalog: each field a buyer may ask about, the catalogue column it reads and how its value is
 * written in a message. Boolean fields read "Yes"/"No".
 */
public enum Field {
    CEILING_HEIGHT("ceiling_height", "ceiling height", "property_knowledge.ceiling_height", false,
            (k, l) -> k.ceilingHeight() == null ? null : plain(k.ceilingHeight()) + " ft"),
    DOCK_DOORS("dock_doors", "dock doors", "property_knowledge.dock_doors", false,
            (k, l) -> k.dockDoors() == null ? null : k.dockDoors() + " dock doors"),
    DRIVE_IN_DOORS("drive_in_doors", "drive-in doors", "property_knowledge.drive_in_doors", false,
            (k, l) -> k.driveInDoors() == null ? null : k.driveInDoors() + " drive-in doors"),
    TEMPERATURE_CONTROLLED("temperature_controlled", "temperature control", "property_knowledge.climate_controlled",
            true, (k, l) -> yesNo(k.climateControlled())),
    RATE_PER_FOOT("rate_per_foot", "rate", "property_listings.base_rate", false,
            (k, l) -> l == null || l.baseRate() == null ? null : "$" + money(l.baseRate()) + "/sqft"),
    AVAILABLE_SPACE("available_space", "available space", "property_listings.available_sqft", false,
            (k, l) -> l == null ? null : thousands(l.availableSqft()) + " sqft"),
    OFFICE_SPACE("office_space", "office space", "property_knowledge.has_office", true,
            (k, l) -> yesNo(k.hasOffice())),
    HOURS_24H("hours_24h", "24/7 access", "property_knowledge.access_24_7", true, (k, l) -> yesNo(k.access247())),
    FORKLIFT("forklift", "forklift", "property_knowledge.forklift_available", true,
            (k, l) -> yesNo(k.forkliftAvailable())),
    POWER("power", "power", "property_knowledge.electrical_service", false, (k, l) -> k.electricalService()),
    PARKING("parking", "parking", "property_knowledge.parking_spaces", false,
            (k, l) -> k.parkingSpaces() == null ? null : k.parkingSpaces() + " spots"),
    OVERNIGHT_PARKING("overnight_parking", "overnight parking", "property_knowledge.overnight_parking", true,
            (k, l) -> yesNo(k.overnightParking())),
    SPRINKLERS("sprinklers", "sprinklers", "property_knowledge.sprinkler_system", true,
            (k, l) -> yesNo(k.sprinklerSystem())),
    SECURITY("security", "security", "property_knowledge.security_features", false, (k, l) -> k.securityFeatures());

    private final String key;
    private final String label;
    private final String column;
    private final boolean bool;
    private final BiFunction<PropertyKnowledge, Listing, String> format;

    Field(String key, String label, String column, boolean bool, BiFunction<PropertyKnowledge, Listing, String> format) {
        this.key = key;
        this.label = label;
        this.column = column;
        this.bool = bool;
        this.format = format;
    }

    /** The field key as the seed and the Criteria Agent spell it ({@code overnight_parking}). */
    public String key() {
        return key;
    }

    /** How a message names the field ("overnight parking"). */
    public String label() {
        return label;
    }

    /** The catalogue column the value comes from ({@code table.column}). */
    public String column() {
        return column;
    }

    public boolean isBoolean() {
        return bool;
    }

    /** The value as a message writes it, or empty when the catalogue does not know it. */
    public Optional<String> format(PropertyKnowledge knowledge, Listing listing) {
        return Optional.ofNullable(format.apply(knowledge, listing));
    }

    /** For a boolean field: the known value; empty when unknown or not boolean. */
    public Optional<Boolean> truth(PropertyKnowledge knowledge) {
        if (!bool) return Optional.empty();
        return format(knowledge, null).map("Yes"::equals);
    }

    public static Optional<Field> byKey(String key) {
        return Arrays.stream(values()).filter(f -> f.key.equals(key)).findFirst();
    }

    private static String yesNo(Boolean b) {
        return b == null ? null : b ? "Yes" : "No";
    }

    static String plain(BigDecimal d) {
        return d.stripTrailingZeros().toPlainString();
    }

    static String money(BigDecimal d) {
        return d.setScale(2, java.math.RoundingMode.HALF_UP).toPlainString();
    }

    public static String thousands(int n) {
        return NumberFormat.getIntegerInstance(Locale.US).format(n);
    }
}
