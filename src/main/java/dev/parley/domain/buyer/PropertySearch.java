package dev.parley.domain.buyer;

import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.FeatureCheck;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.catalog.PropertyKnowledge;
import java.time.LocalDate;
import java.time.Month;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The catalogue search behind seed 003's ClearingEngine step: listings in the buyer's city or its metro area,
 * within a size tolerance, suiting the use type, with no required feature known to be missing, available by the
 * buyer's timing; ranked, at most {@link #MAX_MATCHES}.
 */
public final class PropertySearch {
    public static final int MAX_MATCHES = 3;
    /** Listings from 75 % to 150 % of the size asked for are shown; less space ranks lower than more. */
    static final double MIN_SIZE = 0.75;
    static final double MAX_SIZE = 1.5;

    /** A ranked result. */
    public record Match(CatalogEntry entry, double score) {
    }

    private PropertySearch() {
    }

    /**
     * @param metro the metro area of the buyer's location (from the known-city list), or null
     * @param today the buyer's date, for availability
     */
    public static List<Match> search(Criteria c, String metro, List<CatalogEntry> entries, LocalDate today) {
        var matches = new ArrayList<Match>();
        for (var e : entries) {
            if (!e.property().active() || !e.listing().active()) continue;
            var score = score(c, metro, e, today);
            if (score != NO_FIT) matches.add(new Match(e, score));
        }
        matches.sort(Comparator.comparingDouble(Match::score).reversed()
                .thenComparing(m -> m.entry().property().ref()).thenComparingLong(m -> m.entry().listing().id()));
        return List.copyOf(matches.subList(0, Math.min(MAX_MATCHES, matches.size())));
    }

    /** The score of a listing that does not fit at all (real scores may be negative: a rate lowers them). */
    static final double NO_FIT = Double.NEGATIVE_INFINITY;

    /** The match's score, or {@link #NO_FIT}. */
    static double score(Criteria c, String metro, CatalogEntry e, LocalDate today) {
        var p = e.property();
        double score = 0;
        if (c.location() != null) {
            if (c.state() != null && p.state() != null && !c.state().equalsIgnoreCase(p.state())) return NO_FIT;
            if (sameName(p.city(), c.location())) {
                score += 2;
            } else if (sameName(p.metro(), c.location()) || metro != null && sameName(p.metro(), metro)) {
                score += 1;
            } else {
                return NO_FIT;
            }
        } else if (c.state() != null && p.state() != null && !c.state().equalsIgnoreCase(p.state())) {
            return NO_FIT;
        }
        if (c.sqft() != null) {
            int want = c.sqft();
            int have = e.listing().availableSqft();
            if (have < want * MIN_SIZE || have > want * MAX_SIZE) return NO_FIT;
            double off = (double) Math.abs(have - want) / want;
            score += 1 - (have < want ? 2 * off : off);
        }
        if (c.useType() != null && !suits(p, e.knowledge(), c.useType())) return NO_FIT;
        for (var feature : c.features()) {
            var known = FeatureCheck.of(feature, p, e.knowledge());
            if (known == FeatureCheck.Result.NO) return NO_FIT;
            if (known == FeatureCheck.Result.YES) score += 0.5;
        }
        var by = needBy(c.timing(), today);
        var from = e.listing().availableFrom();
        if (by != null && from != null && from.isAfter(by)) return NO_FIT;
        if (e.listing().baseRate() != null) score -= e.listing().baseRate().doubleValue() / 100;
        return score;
    }

    static boolean suits(Property p, PropertyKnowledge k, String useType) {
        var use = useType.toLowerCase(Locale.ROOT);
        if (use.equals("cold storage") && Boolean.TRUE.equals(k.climateControlled())) return true;
        return p.useTypes().stream().anyMatch(u -> u.equalsIgnoreCase(use));
    }

    /** The last day the buyer's timing allows: "now" is two weeks out, a month is that month's end. */
    static LocalDate needBy(String timing, LocalDate today) {
        if (timing == null) return null;
        var t = timing.toLowerCase(Locale.ROOT);
        if (t.equals("now")) return today.plusWeeks(2);
        if (t.startsWith("next month")) return today.plusMonths(1).withDayOfMonth(today.plusMonths(1).lengthOfMonth());
        for (var month : Month.values()) {
            var name = month.getDisplayName(TextStyle.FULL, Locale.US).toLowerCase(Locale.ROOT);
            if (name.startsWith(t) && t.length() >= 3) {
                var date = today.withMonth(month.getValue());
                if (date.getMonthValue() < today.getMonthValue()) date = date.plusYears(1);
                return date.withDayOfMonth(date.lengthOfMonth());
            }
        }
        return null;
    }

    private static boolean sameName(String a, String b) {
        if (a == null || b == null) return false;
        var x = a.toLowerCase(Locale.ROOT).replace("township", "twp").strip();
        var y = b.toLowerCase(Locale.ROOT).replace("township", "twp").strip();
        return x.equals(y);
    }
}
