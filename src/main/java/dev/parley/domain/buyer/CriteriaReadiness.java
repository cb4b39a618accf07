package dev.parley.domain.buyer;

/**
 * Seed 003's criteria readiness, computed deterministically (never by a model): location 0.4, sqft 0.3, use type
 * 0.2, and 0.1 for each of goods type, timing, duration and features, capped at 1.0. A search runs from 0.6.
 */
public final class CriteriaReadiness {
    public static final double SEARCH_THRESHOLD = 0.6;

    private CriteriaReadiness() {
    }

    public static double of(Criteria c) {
        // Tenths as integers: 0.4 + 0.2 is exactly 0.6 here, never 0.6000000000000001.
        int tenths = 0;
        if (present(c.location())) tenths += 4;
        if (c.sqft() != null) tenths += 3;
        if (present(c.useType())) tenths += 2;
        if (present(c.goodsType())) tenths += 1;
        if (present(c.timing())) tenths += 1;
        if (present(c.duration())) tenths += 1;
        if (!c.features().isEmpty()) tenths += 1;
        return Math.min(tenths, 10) / 10.0;
    }

    public static boolean readyToSearch(Criteria c) {
        return of(c) >= SEARCH_THRESHOLD;
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }
}
