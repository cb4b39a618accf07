package dev.parley.domain.catalog;

import java.util.Locale;

/** Whether a property has a feature a buyer asked for: yes, no, or unknown (the catalogue does not say). */
public final class FeatureCheck {
    public enum Result { YES, NO, UNKNOWN }

    private FeatureCheck() {
    }

    public static Result of(String feature, Property p, PropertyKnowledge k) {
        return switch (feature.toLowerCase(Locale.ROOT)) {
            case "dock doors" -> count(k.dockDoors());
            case "drive-in doors" -> count(k.driveInDoors());
            case "office" -> bool(k.hasOffice());
            case "cold storage" -> bool(k.climateControlled());
            case "24/7 access" -> bool(k.access247());
            case "forklift" -> bool(k.forkliftAvailable());
            case "sprinklers" -> bool(k.sprinklerSystem());
            case "security" -> k.securityFeatures() == null ? Result.UNKNOWN
                    : k.securityFeatures().isBlank() ? Result.NO : Result.YES;
            case "parking" -> count(k.parkingSpaces());
            case "hazmat" -> p.useTypes().stream().anyMatch(u -> u.equalsIgnoreCase("hazmat")) ? Result.YES
                    : Result.UNKNOWN;
            case "rail" -> p.useTypes().stream().anyMatch(u -> u.equalsIgnoreCase("rail")) ? Result.YES
                    : Result.UNKNOWN;
            default -> Result.UNKNOWN;
        };
    }

    private static Result count(Integer n) {
        return n == null ? Result.UNKNOWN : n > 0 ? Result.YES : Result.NO;
    }

    private static Result bool(Boolean b) {
        return b == null ? Result.UNKNOWN : b ? Result.YES : Result.NO;
    }
}
