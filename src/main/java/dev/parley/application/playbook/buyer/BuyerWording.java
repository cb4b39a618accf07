package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.buyer.agents.MatchView;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.FeatureCheck;
import dev.parley.domain.catalog.Field;
import dev.parley.domain.catalog.PropertyKnowledge;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How facts are put into words for the agents: sizes, summaries, match views, field answers. */
final class BuyerWording {
    private static final DateTimeFormatter MONTH_DAY = DateTimeFormatter.ofPattern("MMMM d", Locale.US);

    private BuyerWording() {
    }

    /** 15000 → "15K sqft", 12500 → "12.5K sqft", 800 → "800 sqft". */
    static String size(int sqft) {
        if (sqft < 1000) return sqft + " sqft";
        var k = BigDecimal.valueOf(sqft).divide(BigDecimal.valueOf(1000)).stripTrailingZeros().toPlainString();
        return k + "K sqft";
    }

    /** "15K sqft near Detroit for auto parts storage, starting April" */
    static String summary(Criteria c, boolean near) {
        var parts = new StringBuilder();
        if (c.sqft() != null) parts.append(size(c.sqft()));
        if (c.location() != null) {
            if (!parts.isEmpty()) parts.append(' ');
            parts.append(near ? "near " : "in ").append(c.location());
        }
        var use = use(c);
        if (use != null) parts.append(parts.isEmpty() ? "" : " ").append("for ").append(use);
        var features = c.features().stream().filter(f -> c.useType() == null || !c.useType().equals(f)).toList();
        if (!features.isEmpty()) parts.append(", ").append(String.join(" + ", features));
        if (c.timing() != null) {
            parts.append(", ").append(c.timing().equals("now") ? "needed now" : "starting " + c.timing());
        }
        if (c.duration() != null) parts.append(", for ").append(c.duration());
        return parts.toString();
    }

    /**
     * What changed first, then what stayed: "cold storage in Houston, still around 30K sqft" (seed 003),
     * "Fort Worth instead, still around 45K sqft for distribution".
     */
    static String refinement(Criteria before, Criteria after) {
        boolean useChanged = after.useType() != null && !after.useType().equals(before.useType());
        boolean placeChanged = after.location() != null && !after.location().equals(before.location());
        boolean sizeChanged = after.sqft() != null && !after.sqft().equals(before.sqft());
        var where = after.location() == null ? "" : " in " + after.location();
        var size = after.sqft() == null ? null : size(after.sqft());
        var use = use(after);
        if (useChanged) {
            return use + (sizeChanged && size != null ? ", " + size : "") + where
                    + (!sizeChanged && size != null ? ", still around " + size : "");
        }
        if (sizeChanged) {
            return size + where + (use != null ? ", still for " + use : "");
        }
        if (placeChanged) {
            var still = new ArrayList<String>();
            if (size != null) still.add("around " + size);
            if (use != null) still.add("for " + use);
            return after.location() + " instead" + (still.isEmpty() ? "" : ", still " + String.join(" ", still));
        }
        return summary(after, false);
    }

    static String use(Criteria c) {
        if (c.goodsType() != null && (c.useType() == null || c.useType().equals("storage"))) {
            return c.goodsType() + " storage";
        }
        return c.useType();
    }

    static MatchView view(CatalogEntry e, int position, Criteria criteria, LocalDate today) {
        var l = e.listing();
        return new MatchView(position, l.id(), e.property().id(), e.property().city(), l.availableSqft(),
                highlight(e, criteria), availability(l.availableFrom(), today), l.baseRate());
    }

    static String availability(LocalDate from, LocalDate today) {
        return from == null || !from.isAfter(today) ? "available now" : from.format(MONTH_DAY);
    }

    /** The feature a match line shows: one the buyer asked for, else the property's most useful one. */
    static String highlight(CatalogEntry e, Criteria criteria) {
        for (var f : criteria.features()) {
            if (FeatureCheck.of(f, e.property(), e.knowledge()) == FeatureCheck.Result.YES) return f;
        }
        var k = e.knowledge();
        if ("cold storage".equals(criteria.useType()) && Boolean.TRUE.equals(k.climateControlled())) {
            return "cold storage";
        }
        if (k.dockDoors() != null && k.dockDoors() > 0) return "dock doors";
        if (k.driveInDoors() != null && k.driveInDoors() > 0) return "drive-in access";
        if (Boolean.TRUE.equals(k.climateControlled())) return "cold storage";
        if (Boolean.TRUE.equals(k.hasOffice())) return "office space";
        return null;
    }

    /** "18K sqft, 24ft clear height, 4 dock doors, sprinkler system, 20 parking spots. 3-12 month terms" */
    static String details(CatalogEntry e) {
        var k = e.knowledge();
        var parts = new ArrayList<String>();
        parts.add(size(e.listing().availableSqft()));
        if (k.ceilingHeight() != null) parts.add(k.ceilingHeight().stripTrailingZeros().toPlainString()
                + "ft clear height");
        if (k.dockDoors() != null && k.dockDoors() > 0) parts.add(k.dockDoors() + " dock doors");
        if (k.driveInDoors() != null && k.driveInDoors() > 0) parts.add(k.driveInDoors() + " drive-in doors");
        if (Boolean.TRUE.equals(k.hasOffice())) parts.add("office space");
        if (Boolean.TRUE.equals(k.climateControlled())) parts.add("temperature controlled");
        if (Boolean.TRUE.equals(k.sprinklerSystem())) parts.add("sprinkler system");
        if (k.parkingSpaces() != null) parts.add(k.parkingSpaces() + " parking spots");
        var text = String.join(", ", parts);
        var terms = e.listing().terms();
        return terms == null || terms.isBlank() ? text : text + ". " + terms;
    }

    /** One field's value as a sentence ("400 amp, 3-phase power."). */
    static String fact(Field field, String value, PropertyKnowledge k) {
        boolean yes = "Yes".equals(value);
        return switch (field) {
            case POWER -> value + " power.";
            case CEILING_HEIGHT -> "Clear height is " + value + ".";
            case DOCK_DOORS, DRIVE_IN_DOORS -> "It has " + value + ".";
            case TEMPERATURE_CONTROLLED -> yes ? "Yes, it's temperature controlled." : "No, it isn't temperature "
                    + "controlled.";
            case RATE_PER_FOOT -> "The rate is " + value + " a month.";
            case AVAILABLE_SPACE -> value + " available.";
            case OFFICE_SPACE -> yes ? "Yes, there's office space." : "No office space, unfortunately.";
            case HOURS_24H -> yes ? "Yes, 24/7 access." : "No 24/7 access.";
            case FORKLIFT -> yes ? "Yes, a forklift is available." : "No forklift on site.";
            case PARKING -> value + " for parking.";
            case OVERNIGHT_PARKING -> yes ? "Yes, overnight parking is allowed." : "No overnight parking.";
            case SPRINKLERS -> yes ? "Yes, it has a sprinkler system." : "No sprinkler system.";
            case SECURITY -> "Security: " + value + ".";
        };
    }

    static String join(List<String> sentences) {
        return String.join(" ", sentences);
    }

    /** "Commerce Twp or Pontiac" / "Commerce Twp, Pontiac or Warren" */
    static String options(List<MatchView> candidates) {
        var cities = candidates.stream().map(m -> m.city() + (candidates.stream()
                .filter(o -> o.city().equals(m.city())).count() > 1 ? " (" + size(m.sqft()) + ")" : "")).toList();
        if (cities.size() == 1) return cities.getFirst();
        return String.join(", ", cities.subList(0, cities.size() - 1)) + " or " + cities.getLast();
    }

    /** The buyer's first and last name as known; null before the first name. */
    static String fullName(BuyerState.Builder state) {
        if (state.renterFirstName == null) return null;
        return state.renterLastName == null ? state.renterFirstName : state.renterFirstName + " " + state.renterLastName;
    }

    /** At most {@code max} characters, the last an ellipsis when cut. */
    static String clip(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    /** A stored answer as a sentence of its own: capitalised, with its full stop. */
    static String sentence(String answer) {
        var t = answer.strip();
        if (t.isEmpty()) return t;
        t = Character.toUpperCase(t.charAt(0)) + t.substring(1);
        return t.matches(".*[.!?]$") ? t : t + ".";
    }

    /** "Yes, overnight parking…" reads "yes, overnight parking…" after "Update on Commerce Twp —". */
    static String afterDash(String answer) {
        var t = sentence(answer);
        if (t.matches("(?i)^(yes|no|yeah|yep|nope|sure|it|its|it's|there|they|the|we|our|you|your|not|only|both|"
                + "all|unfortunately|absolutely|definitely)\\b.*")) {
            t = Character.toLowerCase(t.charAt(0)) + t.substring(1);
        }
        return t;
    }
}
