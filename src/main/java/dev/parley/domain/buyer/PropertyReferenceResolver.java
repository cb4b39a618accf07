package dev.parley.domain.buyer;

import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The orchestrator's deterministic property reference resolution (seed 003): positional ("option 2" → the second
 * presented match), city ("the Commerce one" → the match in Commerce Twp), attribute ("the cheapest" → lowest
 * rate). Two or more equally good matches are ambiguous and passed on as candidates.
 */
public final class PropertyReferenceResolver {
    private PropertyReferenceResolver() {
    }

    public static ReferenceResolution resolve(MessageInterpretation interpretation, List<PresentedMatch> presented) {
        if (presented.isEmpty()) return ReferenceResolution.NONE;
        for (int position : interpretation.positions()) {
            int index = position == MessageInterpretation.LAST ? presented.size() - 1 : position - 1;
            if (index >= 0 && index < presented.size()) {
                return new ReferenceResolution(ReferenceResolution.Kind.POSITIONAL, List.of(presented.get(index)));
            }
        }
        for (var mention : interpretation.cities()) {
            var inCity = presented.stream().filter(m -> sameCity(m.city(), mention.place().city())).toList();
            if (inCity.size() == 1) return new ReferenceResolution(ReferenceResolution.Kind.CITY, inCity);
            if (inCity.size() > 1) return new ReferenceResolution(ReferenceResolution.Kind.AMBIGUOUS, inCity);
        }
        for (var attribute : interpretation.attributes()) {
            var best = switch (attribute) {
                case "cheapest" -> best(presented, m -> m.rate() == null ? Double.MAX_VALUE : m.rate().doubleValue());
                case "largest" -> best(presented, m -> -(double) m.sqft());
                case "smallest" -> best(presented, m -> (double) m.sqft());
                case "soonest" -> best(presented, m -> (double) (m.availableFrom() == null ? LocalDate.MIN
                        : m.availableFrom()).toEpochDay());
                default -> List.<PresentedMatch>of();
            };
            if (best.size() == 1) return new ReferenceResolution(ReferenceResolution.Kind.ATTRIBUTE, best);
            if (best.size() > 1) return new ReferenceResolution(ReferenceResolution.Kind.AMBIGUOUS, best);
        }
        return ReferenceResolution.NONE;
    }

    /** "Commerce" names "Commerce Twp"; "Commerce Township" names "Commerce Twp" too. */
    static boolean sameCity(String presented, String mentioned) {
        var p = normal(presented);
        var m = normal(mentioned);
        return p.equals(m) || p.startsWith(m + " ") || m.startsWith(p + " ");
    }

    private static String normal(String city) {
        return city.toLowerCase(Locale.ROOT).replace("township", "twp").replace(".", "").strip();
    }

    private static List<PresentedMatch> best(List<PresentedMatch> presented, Function<PresentedMatch, Double> key) {
        var min = presented.stream().map(key).min(Comparator.naturalOrder()).orElseThrow();
        return presented.stream().filter(m -> key.apply(m).equals(min)).toList();
    }
}
