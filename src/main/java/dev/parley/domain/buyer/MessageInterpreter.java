package dev.parley.domain.buyer;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seed 003's Message Interpreter: deterministic entity extraction from one buyer message, stateless. Cities come
 * from the known-city list ({@link Places}); everything else from patterns.
 */
public final class MessageInterpreter {
    private static final int CI = Pattern.CASE_INSENSITIVE;
    private static final String NUMBER = "(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)";
    private static final Pattern SIZE_WITH_UNIT = Pattern.compile("(?<![$\\d.,])" + NUMBER
            + "\\s*(k|thousand)?\\s*(?:sq\\.?\\s*ft\\.?|sqft|sf|s\\.f\\.|square\\s*f(?:ee|oo)t|sq\\.?\\s*feet|square)"
            + "(?![a-z])", CI);
    private static final Pattern SIZE_K = Pattern.compile("(?<![$\\d.,])(\\d+(?:\\.\\d+)?)\\s*k(?![a-z])", CI);
    private static final Pattern SIZE_APPROX = Pattern.compile("\\b(?:about|around|roughly|approx(?:imately)?|"
            + "~|at least|up to|maybe)\\s*(\\d{1,3}(?:,\\d{3})+|\\d{4,7})(?![\\d.,]*\\s*(?:/|per|\\$|dollars))", CI);
    private static final Pattern EMAIL = Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");
    private static final String WEEKDAY = "(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?";
    private static final String MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
            + "aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
    private static final String TIME = "(?:\\d{1,2}(?::\\d{2})?\\s*(?:am|pm|a\\.m\\.|p\\.m\\.)|noon)";
    private static final Pattern DATE = Pattern.compile("\\b(?:(?:next|this)\\s+)?" + WEEKDAY
            + "(?:\\s+(?:morning|afternoon|evening|at\\s+" + TIME + "|" + TIME + "))?"
            + "|\\b" + MONTH + "\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s+\\d{4})?(?:\\s+(?:at\\s+)?" + TIME + ")?"
            + "|\\b(?:tomorrow|today|tonight)(?:\\s+(?:morning|afternoon|evening|at\\s+" + TIME + "))?"
            + "|\\bnext\\s+(?:week|month)|\\b" + TIME, CI);
    private static final Pattern MONTH_ONLY = Pattern.compile("^" + MONTH + "\\.?$", CI);
    private static final Pattern TIMING = Pattern.compile("\\b(asap|right away|immediately|(?:right )?now)\\b", CI);
    private static final Pattern DURATION = Pattern.compile("\\b(\\d{1,2}\\s*(?:-|to)\\s*\\d{1,2}\\s*months?|"
            + "(?:\\d{1,2}|a|one|two|three|six|twelve|eighteen)\\s*(?:months?|years?|yrs?)|short[- ]term|long[- ]term)\\b",
            CI);
    private static final Pattern GOODS = Pattern.compile("\\b(?:storing|to store|store our|stocking|for)\\s+"
            + "((?:[a-z][a-z\\-]*)(?:\\s+[a-z][a-z\\-]*){0,2}?)\\s*(?=storage\\b|[.,;!?]|$|\\b(?:near|in|by|and|"
            + "starting|from|until|need|needs|at|we|i|with)\\b)", CI);
    private static final Set<String> NOT_GOODS = Set.of("a", "an", "the", "it", "us", "me", "space", "warehouse",
            "warehouse space", "now", "a tour", "tour", "ecommerce", "e-commerce", "ecommerce fulfillment",
            "fulfillment", "distribution", "manufacturing", "cold", "cold storage", "storage", "sure", "rent",
            "lease", "months", "a year", "a few months", "sale", "that", "this", "one", "about", "around");
    private static final Pattern NAME = Pattern.compile("\\b(?i:my name is|name's|this is|i am|i'm|im|it's)\\s+"
            + "([A-Z][a-z]+(?:\\s+[A-Z][a-z]+)?)");
    private static final Set<String> NOT_NAMES = Set.of("Looking", "Interested", "Ready", "Good", "Fine", "Not",
            "Just", "Still", "Also", "Here", "Back", "Sorry", "Thinking", "Happy", "Sure", "Searching", "Trying",
            "Wondering", "Moving", "Going", "In", "On", "At", "The", "A", "Available", "Free", "Done", "New", "Open");
    private static final Pattern POSITION = Pattern.compile("\\b(?:option|number|no\\.|choice|property|space)\\s*"
            + "#?\\s*(\\d)\\b|#(\\d)\\b|\\b(first|second|third|1st|2nd|3rd|last)\\s+(?:one|option|place|space|"
            + "property|listing|warehouse)\\b|\\bthe\\s+(first|second|third|last)\\b", CI);
    private static final Pattern CHEAPEST = Pattern.compile("\\b(cheapest|least expensive|lowest (?:price|rate)|"
            + "most affordable|cheaper one)\\b", CI);
    private static final Pattern LARGEST = Pattern.compile("\\b(biggest|largest|bigger one|larger one)\\b", CI);
    private static final Pattern SMALLEST = Pattern.compile("\\b(smallest|smaller one)\\b", CI);
    private static final Pattern SOONEST = Pattern.compile("\\b(soonest|earliest|available (?:now|first))\\b", CI);
    private static final Pattern QUESTION_START = Pattern.compile("^\\s*(?:what|what's|whats|how|is|are|does|do|"
            + "can|could|will|would|which|when|where|who|any|has|have)\\b", CI);
    private static final Pattern GREETING = Pattern.compile("^\\s*(?:hi|hey|hello|howdy|yo|good (?:morning|"
            + "afternoon|evening)|hiya|greetings)\\b[\\s!.,]*(?:there)?[\\s!.,]*$", CI);
    private static final Pattern GREETING_START = Pattern.compile("^\\s*(?:hi|hey|hello|howdy|good (?:morning|"
            + "afternoon|evening))\\b", CI);

    private static final List<Object[]> ACTIONS = List.of(
            new Object[] {"tour", Pattern.compile("\\b(tour|tours|visit|walk ?through|see it|see the (?:space|"
                    + "place|property)|come see|check it out in person)\\b", CI)},
            new Object[] {"book", Pattern.compile("\\b(book|reserve|hold it|lock it in|take it|lease it|sign|"
                    + "sign up|move forward|go ahead|let'?s do it|let'?s go|do it)\\b", CI)},
            new Object[] {"schedule", Pattern.compile("\\b(schedule|set up a time|set it up|when can i)\\b", CI)},
            new Object[] {"pass", Pattern.compile("\\b(pass|not interested|no thanks|skip|neither|none of (?:them|"
                    + "these))\\b", CI)},
            new Object[] {"yes", Pattern.compile("^\\s*(?:yes|yeah|yep|yup|sure|ok(?:ay)?|sounds good|perfect|"
                    + "great|definitely|absolutely)\\b", CI)},
            new Object[] {"no", Pattern.compile("^\\s*(?:no|nope|nah|not really)\\b", CI)},
            new Object[] {"options", Pattern.compile("\\b(other options|other ones|other spaces|the others|"
                    + "what else|show me (?:the )?(?:options|list)|what were the)\\b", CI)});

    private static final List<Object[]> USE_TYPES = List.of(
            new Object[] {"cold storage", Pattern.compile("cold storage|refrigerated|freezer|cold chain|"
                    + "temperature[- ]controlled", CI)},
            new Object[] {"ecommerce fulfillment", Pattern.compile("e-?commerce|fulfil?l?ment|\\b3pl\\b|"
                    + "pick and pack|online orders", CI)},
            new Object[] {"manufacturing", Pattern.compile("manufactur|production|assembly|fabricat", CI)},
            new Object[] {"distribution", Pattern.compile("distribution|cross[- ]?dock|logistics hub", CI)},
            new Object[] {"storage", Pattern.compile("\\bstor(?:age|ing|e)\\b", CI)});

    private static final List<Object[]> FEATURES = List.of(
            new Object[] {"dock doors", Pattern.compile("\\bdocks?\\b|dock[- ]high|loading docks?", CI)},
            new Object[] {"drive-in doors", Pattern.compile("drive[- ]?in|grade[- ]level|roll[- ]?up", CI)},
            new Object[] {"office", Pattern.compile("\\boffices?\\b", CI)},
            new Object[] {"cold storage", Pattern.compile("cold storage|refrigerat|freezer", CI)},
            new Object[] {"24/7 access", Pattern.compile("24/7|24 ?(?:hours?|hrs?|h)\\b|around the clock", CI)},
            new Object[] {"forklift", Pattern.compile("fork ?lifts?", CI)},
            new Object[] {"hazmat", Pattern.compile("haz ?mat|hazardous", CI)},
            new Object[] {"sprinklers", Pattern.compile("sprinkler", CI)},
            new Object[] {"security", Pattern.compile("\\bsecur(?:e|ity)\\b|\\bfenced\\b|\\bgated\\b", CI)},
            new Object[] {"rail", Pattern.compile("\\brail\\b", CI)},
            new Object[] {"parking", Pattern.compile("\\bparking\\b", CI)});

    private final Places places;

    public MessageInterpreter(Places places) {
        this.places = places;
    }

    public MessageInterpretation interpret(String raw) {
        var text = raw == null ? "" : raw.strip();
        var cities = places.findCities(text);
        var states = places.findStates(text);
        var sizes = sizes(text);
        var topics = TopicCatalog.detectTopics(text);
        var features = labels(FEATURES, text);
        var useType = first(USE_TYPES, text);
        var goods = goods(text);
        var emails = all(EMAIL, text, 0);
        var dates = dates(text);
        var timing = timing(text, dates);
        var duration = firstGroup(DURATION, text);
        var actions = new LinkedHashSet<String>();
        for (var a : ACTIONS) if (((Pattern) a[1]).matcher(text).find()) actions.add((String) a[0]);
        var names = names(text);
        var positions = positions(text);
        var attributes = new ArrayList<String>();
        if (CHEAPEST.matcher(text).find()) attributes.add("cheapest");
        if (LARGEST.matcher(text).find()) attributes.add("largest");
        if (SMALLEST.matcher(text).find()) attributes.add("smallest");
        if (SOONEST.matcher(text).find()) attributes.add("soonest");
        boolean question = text.contains("?") || QUESTION_START.matcher(text).find();
        boolean greeting = GREETING.matcher(text).find()
                || (GREETING_START.matcher(text).find() && cities.isEmpty() && sizes.isEmpty() && useType == null
                && topics.isEmpty() && text.length() < 40);
        var queryType = queryType(actions, topics, positions, attributes, cities, sizes, useType, question);
        return new MessageInterpretation(cities, states, sizes, topics, features, useType, goods, emails, dates,
                timing, duration, actions, names, positions, attributes, queryType, question, greeting);
    }

    private static MessageInterpretation.QueryType queryType(Set<String> actions, Set<Topic> topics,
                                                             List<Integer> positions, List<String> attributes,
                                                             List<Places.Mention> cities, List<Integer> sizes,
                                                             String useType, boolean question) {
        if (actions.contains("tour") || actions.contains("book") || actions.contains("schedule")) {
            return MessageInterpretation.QueryType.BOOKING;
        }
        if (!topics.isEmpty() && question || !positions.isEmpty() || !attributes.isEmpty()) {
            return MessageInterpretation.QueryType.PROPERTY_LOOKUP;
        }
        if (!cities.isEmpty() || !sizes.isEmpty() || useType != null) return MessageInterpretation.QueryType.SEARCH;
        return MessageInterpretation.QueryType.GENERAL;
    }

    static List<Integer> sizes(String text) {
        var found = new ArrayList<Integer>();
        var taken = new ArrayList<int[]>();
        for (var pattern : List.of(SIZE_WITH_UNIT, SIZE_K, SIZE_APPROX)) {
            Matcher m = pattern.matcher(text);
            while (m.find()) {
                if (overlaps(taken, m.start(), m.end())) continue;
                double value = Double.parseDouble(m.group(1).replace(",", ""));
                boolean thousands = pattern == SIZE_K || (m.groupCount() >= 2 && m.group(2) != null);
                int sqft = (int) Math.round(thousands ? value * 1000 : value);
                if (sqft < 100 || sqft > 5_000_000) continue;
                taken.add(new int[] {m.start(), m.end()});
                found.add(sqft);
            }
        }
        return found;
    }

    private static boolean overlaps(List<int[]> taken, int start, int end) {
        return taken.stream().anyMatch(t -> start < t[1] && end > t[0]);
    }

    private static String goods(String text) {
        var m = GOODS.matcher(text);
        while (m.find()) {
            var g = m.group(1).toLowerCase(Locale.ROOT).strip();
            if (g.startsWith("storing ")) g = g.substring(8);
            if (!NOT_GOODS.contains(g) && !g.matches(".*\\d.*") && !g.startsWith("a ") && !g.startsWith("the ")
                    && !g.startsWith("about") && !g.startsWith("around")) {
                return g;
            }
        }
        return null;
    }

    private static List<String> dates(String text) {
        var dates = new ArrayList<String>();
        var m = DATE.matcher(text);
        while (m.find()) {
            var d = m.group().strip();
            // "may" is also a verb: only "May 5" or "in May" count
            if (d.equalsIgnoreCase("may") && !Pattern.compile("\\b(?:in|by|early|late|mid|since|until)\\s+may\\b", CI)
                    .matcher(text).find()) {
                continue;
            }
            if (d.equalsIgnoreCase("mar") || d.equalsIgnoreCase("sun") || d.equalsIgnoreCase("sat")
                    || d.equalsIgnoreCase("jun") || d.equalsIgnoreCase("aug")) {
                continue;
            }
            dates.add(d);
        }
        return dates;
    }

    private static String timing(String text, List<String> dates) {
        var asap = TIMING.matcher(text);
        if (asap.find() && Pattern.compile("\\b(need|needed|available|start|move in|asap|immediately|right away)\\b",
                CI).matcher(text).find()) {
            var t = asap.group(1).toLowerCase(Locale.ROOT);
            return t.equals("asap") || t.contains("now") || t.equals("immediately") || t.equals("right away")
                    ? "now" : t;
        }
        for (var d : dates) {
            if (MONTH_ONLY.matcher(d).matches() || d.toLowerCase(Locale.ROOT).startsWith("next month")) {
                return capitalise(d.replace(".", ""));
            }
        }
        return null;
    }

    private static List<String> names(String text) {
        var names = new ArrayList<String>();
        var m = NAME.matcher(text);
        while (m.find()) {
            var name = m.group(1);
            var firstWord = name.split(" ")[0];
            if (NOT_NAMES.contains(firstWord)) continue;
            names.add(name);
        }
        return names;
    }

    private static List<Integer> positions(String text) {
        var positions = new ArrayList<Integer>();
        var m = POSITION.matcher(text);
        while (m.find()) {
            String g = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2)
                    : m.group(3) != null ? m.group(3) : m.group(4);
            int p = switch (g.toLowerCase(Locale.ROOT)) {
                case "first", "1st" -> 1;
                case "second", "2nd" -> 2;
                case "third", "3rd" -> 3;
                case "last" -> MessageInterpretation.LAST;
                default -> Integer.parseInt(g);
            };
            if (!positions.contains(p)) positions.add(p);
        }
        return positions;
    }

    private static List<String> labels(List<Object[]> table, String text) {
        var labels = new ArrayList<String>();
        for (var row : table) if (((Pattern) row[1]).matcher(text).find()) labels.add((String) row[0]);
        return labels;
    }

    private static String first(List<Object[]> table, String text) {
        for (var row : table) if (((Pattern) row[1]).matcher(text).find()) return (String) row[0];
        return null;
    }

    private static String firstGroup(Pattern p, String text) {
        var m = p.matcher(text);
        return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : null;
    }

    private static List<String> all(Pattern p, String text, int group) {
        var out = new ArrayList<String>();
        var m = p.matcher(text);
        while (m.find()) out.add(m.group(group));
        return out;
    }

    private static String capitalise(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1).toLowerCase(Locale.ROOT);
    }
}
