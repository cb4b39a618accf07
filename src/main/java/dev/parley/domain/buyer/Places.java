package dev.parley.domain.buyer;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The known-city list the Message Interpreter matches (seed 003: "cities, states via regex + known city list"),
 * US states, and area codes with their time zones. Built from tab-separated lines (the shipped
 * {@code buyer/*.tsv}, plus every city of the team's catalogue), so it is data, not code.
 */
public final class Places {
    /** A place mentioned in a text, where it starts. */
    public record Mention(Place place, int start, int end) {
    }

    /** The cities and their pattern, replaced whole when a catalogue city is added (readers need no lock). */
    private record Cities(Map<String, Place> byKey, Pattern pattern) {
    }

    private final Map<String, Place> byKey = new LinkedHashMap<>();
    private volatile Cities cities;
    private final java.util.concurrent.CopyOnWriteArrayList<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Map<String, String> stateNames = new HashMap<>();
    private final Map<String, ZoneId> stateZones = new HashMap<>();
    private final Map<String, List<ZoneId>> areaCodes = new HashMap<>();
    private final Map<String, List<ZoneId>> countryCodes = new HashMap<>();
    private Pattern stateNamePattern;
    // Codes only in capitals after a comma ("Detroit, MI"): "hey, ok" names no state.
    private static final Pattern STATE_CODE = Pattern.compile(",\\s*([A-Z]{2})\\b");

    /** As below, with no country calling codes (numbers outside North America then have no zone). */
    public Places(List<String> states, List<String> cities, List<String> codes) {
        this(states, cities, codes, List.of());
    }

    /**
     * @param states lines {@code code, name, zone}
     * @param cities lines {@code city, state, metro, zone override, flags}
     * @param codes lines {@code area code, state or province, zones (comma separated)}: North America (+1)
     * @param callingCodes lines {@code country calling code, country, zones (comma separated)}: the rest of the world
     */
    public Places(List<String> states, List<String> cities, List<String> codes, List<String> callingCodes) {
        for (var cols : rows(states)) {
            stateNames.put(cols[1].toLowerCase(Locale.ROOT), cols[0]);
            stateZones.put(cols[0], ZoneId.of(cols[2]));
        }
        for (var cols : rows(cities)) {
            var state = cols[1];
            var zone = cols.length > 3 && !cols[3].isBlank() ? ZoneId.of(cols[3]) : stateZones.get(state);
            add(new Place(cols[0], state, cols.length > 2 && !cols[2].isBlank() ? cols[2] : cols[0], zone,
                    cols.length > 4 && cols[4].contains("C")));
        }
        for (var cols : rows(codes)) {
            var zones = new ArrayList<ZoneId>();
            for (var z : cols[2].split(",")) zones.add(ZoneId.of(z.trim()));
            areaCodes.put(cols[0], List.copyOf(zones));
        }
        for (var cols : rows(callingCodes)) {
            var zones = new ArrayList<ZoneId>();
            for (var z : cols[2].split(",")) zones.add(ZoneId.of(z.trim()));
            countryCodes.put(cols[0], List.copyOf(zones));
        }
        compile();
    }

    /** Adds a city of the catalogue (its zone, metro and state as the catalogue has them) if it is not known. */
    public synchronized void addCatalogCity(String city, String state, String metro, ZoneId zone) {
        if (city == null || city.isBlank()) return;
        var key = key(city, state);
        if (byKey.containsKey(key)) return;
        var z = zone != null ? zone : state != null ? stateZones.get(state) : null;
        add(new Place(city, state, metro != null && !metro.isBlank() ? metro : city, z, false));
        compile();
    }

    private void add(Place place) {
        var key = key(place.city(), place.state());
        if (byKey.putIfAbsent(key, place) == null) order.add(key);
    }

    private static String key(String city, String state) {
        return city.toLowerCase(Locale.ROOT) + "|" + (state == null ? "" : state);
    }

    private void compile() {
        var names = byKey.values().stream().map(Place::city).distinct()
                .sorted(Comparator.comparingInt(String::length).reversed()).map(Pattern::quote).toList();
        cities = new Cities(Map.copyOf(byKey), Pattern.compile("(?<![\\p{L}\\d])(" + String.join("|", names)
                + ")(?![\\p{L}\\d])", Pattern.CASE_INSENSITIVE));
        var stateAlternatives = stateNames.keySet().stream().sorted(Comparator.comparingInt(String::length).reversed())
                .map(Pattern::quote).toList();
        stateNamePattern = Pattern.compile("(?<![\\p{L}])(" + String.join("|", stateAlternatives) + ")(?![\\p{L}])",
                Pattern.CASE_INSENSITIVE);
    }

    /** Cities mentioned, longest name first where they overlap, in text order. */
    public List<Mention> findCities(String text) {
        var found = new ArrayList<Mention>();
        if (text == null) return found;
        var known = cities;
        var m = known.pattern().matcher(text);
        while (m.find()) {
            var written = m.group(1);
            var candidates = ordered(known).stream().filter(p -> p.city().equalsIgnoreCase(written)).toList();
            var usable = candidates.stream()
                    .filter(p -> !p.capitalisedOnly() || Character.isUpperCase(written.charAt(0))).toList();
            if (usable.isEmpty()) continue;
            var state = stateNear(text, m.end());
            var chosen = state.flatMap(s -> usable.stream().filter(p -> s.equals(p.state())).findFirst())
                    .orElse(usable.getFirst());
            found.add(new Mention(chosen, m.start(), m.end()));
        }
        return found;
    }

    /** US states named in full ("Texas") or as a code after a comma ("Detroit, MI"). */
    public List<String> findStates(String text) {
        var states = new ArrayList<String>();
        if (text == null) return states;
        var names = stateNamePattern.matcher(text);
        while (names.find()) {
            var code = stateNames.get(names.group(1).toLowerCase(Locale.ROOT));
            if (code != null && !states.contains(code)) states.add(code);
        }
        var codes = STATE_CODE.matcher(text);
        while (codes.find()) {
            var code = codes.group(1);
            if (stateZones.containsKey(code) && !states.contains(code)) states.add(code);
        }
        return states;
    }

    private Optional<String> stateNear(String text, int from) {
        var rest = text.substring(from, Math.min(text.length(), from + 20));
        var m = Pattern.compile("^,?\\s*([A-Z]{2})\\b").matcher(rest);
        if (m.find() && stateZones.containsKey(m.group(1))) return Optional.of(m.group(1));
        return Optional.empty();
    }

    /** The place of a city (and state, when given), if known. */
    public Optional<Place> find(String city, String state) {
        if (city == null) return Optional.empty();
        var known = cities;
        if (state != null) {
            var exact = known.byKey().get(key(city, state));
            if (exact != null) return Optional.of(exact);
        }
        return ordered(known).stream().filter(p -> p.city().equalsIgnoreCase(city)).findFirst();
    }

    /** The places in a stable order: the shipped list's order, then catalogue cities as added. */
    private List<Place> ordered(Cities known) {
        return order.stream().map(k -> known.byKey().get(k)).filter(java.util.Objects::nonNull).toList();
    }

    public Optional<ZoneId> zoneOfState(String state) {
        return Optional.ofNullable(state == null ? null : stateZones.get(state));
    }

    /**
     * The time zones of a phone number: a North American (+1, or 10 digits) number's area code, else an international
     * (+…) number's country calling code (longest prefix); empty when neither is known.
     */
    public List<ZoneId> zonesOfPhone(String number) {
        if (number == null) return List.of();
        var digits = number.replaceAll("\\D", "");
        boolean international = number.strip().startsWith("+");
        if (!international || digits.startsWith("1")) {
            if (digits.length() == 11 && digits.startsWith("1")) digits = digits.substring(1);
            if (digits.length() != 10) return List.of();
            return areaCodes.getOrDefault(digits.substring(0, 3), List.of());
        }
        for (int length = 3; length >= 1; length--) {
            if (digits.length() <= length) continue;
            var zones = countryCodes.get(digits.substring(0, length));
            if (zones != null) return zones;
        }
        return List.of();
    }

    /** Every distinct zone of the known states: what "most restrictive" quiet hours must respect. */
    public List<ZoneId> allZones() {
        return stateZones.values().stream().distinct().sorted(Comparator.comparing(ZoneId::getId)).toList();
    }

    private static List<String[]> rows(List<String> lines) {
        var rows = new ArrayList<String[]>();
        for (var line : lines) {
            if (line.isBlank() || line.startsWith("#")) continue;
            rows.add(line.split("\t", -1));
        }
        return rows;
    }
}
