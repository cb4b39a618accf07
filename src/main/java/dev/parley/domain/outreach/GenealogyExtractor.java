package dev.parley.domain.outreach;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Deterministic extraction of genealogical facts from a reply, sentence by sentence. Heuristic by
 * design (no model, no gazetteer): it favours precision on the usual "my grandmother Mary O'Brien
 * was born in Cork in 1890" phrasing and leaves the rest to the human reading the to-do list.
 *
 * <ul>
 *   <li><b>names</b>: runs of two or more capitalised words (O'Brien, McDonald, MacLeod, D'Arcy,
 *       hyphenated, middle initials), or a single one right after a relationship word or title
 *       ("grandmother Bridget", "Mrs Walsh"); sentence-start words, months and the like are trimmed.</li>
 *   <li><b>places</b>: a capitalised run right after "in", "from", "near", "at" or "moved/emigrated
 *       to", continued over ", Ireland"-style suffixes.</li>
 *   <li><b>dates</b>: "12 March 1911", "March 12, 1911", "3rd of June 1890", "12/03/1911",
 *       "1911-03-12", "June 1890"; <b>years</b>: any 1600-2029.</li>
 *   <li><b>relationships</b>, <b>documents</b>, <b>photos</b>: fixed word lists.</li>
 *   <li><b>events</b>: an event word (born, married, died, baptised, buried, emigrated, census) with
 *       the year, names, place and relationship of its clause.</li>
 * </ul>
 */
public final class GenealogyExtractor {

    private static final String YEAR = "(1[6-9][0-9]{2}|20[0-2][0-9])";
    private static final Pattern YEAR_PATTERN = Pattern.compile("(?<![0-9£$€])" + YEAR + "(?![0-9%])");
    private static final String MONTH = "(?:January|February|March|April|May|June|July|August|September|October"
            + "|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?";
    private static final String DAY = "[0-3]?[0-9](?:st|nd|rd|th)?";
    private static final Pattern DATE = Pattern.compile("(?<![A-Za-z0-9])(?:"
            + DAY + " (?:of )?" + MONTH + ",? " + YEAR
            + "|" + MONTH + " " + DAY + ",? " + YEAR
            + "|[0-3]?[0-9][/.][01]?[0-9][/.]" + YEAR
            + "|" + YEAR + "-[01][0-9]-[0-3][0-9]"
            + "|" + MONTH + ",? " + YEAR
            + ")(?![0-9])");

    // "St." first so "St. Louis" is not cut at "St".
    private static final String WORD = "(?:St\\.|Mt\\.|(?:Mc|Mac|O'|D'|Fitz)?[A-Z][a-z]+(?:-[A-Z][a-z]+)?)";
    private static final Pattern RUN = Pattern.compile("(?<![A-Za-z'])" + WORD + "(?: (?:[A-Z]\\. )?" + WORD + ")*");
    private static final Pattern SENTENCE_BREAK =
            Pattern.compile("(?<=[.!?])(?<!\\bSt\\.)(?<!\\bMt\\.)(?<!\\b[A-Z]\\.)\\s+|\\n+");

    static final Pattern RELATIONSHIP = Pattern.compile("(?<![a-z])("
            + "(?:great[- ])*(?:grand)?(?:mother|father|parents?|aunt|uncle|son|daughter|niece|nephew)"
            + "|grandma|grandpa|granny|nana"
            + "|(?:(?:first|second|third|fourth|1st|2nd|3rd|4th|half) )?cousins?"
            + "|brothers?|sisters?|siblings?|husband|wife|mum|mom|dad)(?![a-z])");
    private static final Set<String> TITLES = Set.of("mr", "mrs", "ms", "miss", "dr", "rev", "sir", "lady");
    private static final Pattern PLACE_LEAD = Pattern.compile(
            "(?:\\b(in|from|near|at)|\\b(?:moved|emigrated|immigrated|went|came|sailed|returned) (to))\\s+$");
    private static final Pattern NAME_LEAD = Pattern.compile("(?:\\b(?:named|called|n[ée]e)|"
            + RELATIONSHIP.pattern() + ")[,]?\\s+$");
    private static final Pattern PLACE_CONTINUATION = Pattern.compile(
            "^,\\s*(" + RUN.pattern().substring("(?<![A-Za-z'])".length()) + ")(?=[.,;:!?)]|$| (?:in|on|and|around|about|during|before|after|where|when)\\b)");

    private static final Map<String, Boolean> ARTIFACTS = artifacts();
    private static final Pattern ARTIFACT = Pattern.compile("(?<![a-z])(" + String.join("|",
            ARTIFACTS.keySet().stream()
                    .sorted(Comparator.comparingInt(String::length).reversed().thenComparing(x -> x)).map(Pattern::quote).toList())
            + ")(?![a-z])");
    private static final Pattern EVENT = Pattern.compile("(?<![a-z])(" + String.join("|",
            Arrays.stream(EventKind.values()).map(EventKind::wordsRegex).toList()) + ")(?![a-z])");
    private static final Pattern COPY_OFFER = Pattern.compile(
            "(?<![a-z])(?:(?:i can|i could|i'?ll|i will|i'?d be (?:happy|glad) to|(?:happy|glad) to|let me|i can try to)"
                    + " (?:send|share|scan|email|copy|forward|photograph|take a (?:photo|picture))"
                    + "|(?:i'?ve |i have )?attached|see attached|enclosed|here is a (?:photo|scan|copy|picture))(?![a-z])");

    /** Capitalised words that start sentences or name non-persons; never part of a name. */
    private static final Set<String> STOP_WORDS = Set.of(
            "I", "My", "Our", "The", "A", "An", "His", "Her", "Their", "She", "He", "We", "They", "It", "This",
            "That", "These", "Those", "There", "Here", "Hi", "Hello", "Hey", "Dear", "Thanks", "Thank", "Yes",
            "No", "Best", "Kind", "Regards", "Cheers", "Sure", "And", "But", "So", "Also", "Unfortunately",
            "Sadly", "Both", "Then", "After", "Before", "When", "While", "In", "From", "At", "On", "Of", "As",
            "Do", "Does", "Did", "Is", "Was", "Were", "Are", "Have", "Has", "Had", "Can", "Could", "Would",
            "Will", "Please", "Happy", "Great", "Good", "Wow", "Oh", "Well", "Ok", "Okay", "Unknown", "Family",
            "Bible", "Census", "Ancestry", "Irish", "English", "Scottish", "Welsh", "German", "Italian",
            "American", "Canadian", "British", "Catholic", "Protestant", "God", "Christmas", "Easter",
            "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Grandmother",
            "Grandfather", "Grandma", "Grandpa", "Granny", "Nana", "Aunt", "Uncle", "Cousin", "Mother", "Father",
            "Mum", "Mom", "Dad", "Mr", "Mrs", "Ms", "Miss", "Dr", "Rev", "Sir", "Lady", "Born", "Married",
            "Died", "Baptised", "Baptized", "Buried", "What", "Who", "Where", "Why", "How", "Which", "If",
            "Maybe", "Perhaps", "Not", "Let", "Any", "All", "Some", "Just", "Sorry", "Hope", "Love", "Warm",
            "Sincerely", "Yours", "Looking", "Nice", "Lovely", "Interesting", "Attached", "Photo", "Photos");
    private static final Pattern MONTH_WORD = Pattern.compile(MONTH.replace("\\.?", ""));

    /** Extractions of recent replies (a pure function of the text; {@link Extraction} is immutable). */
    private final RecentTexts<Extraction> recent = new RecentTexts<>(4_096);

    /** Extracts facts from one reply. Never throws; empty text gives {@link Extraction#empty()}. */
    public Extraction extract(String replyText) {
        return recent.get(replyText, this::extractNow);
    }

    private Extraction extractNow(String replyText) {
        String text = replyText == null ? "" : replyText.replace('\u2019', '\'').replace('\u2018', '\'');
        List<String> names = new ArrayList<>();
        List<String> dates = new ArrayList<>();
        List<Integer> years = new ArrayList<>();
        List<String> places = new ArrayList<>();
        List<String> relationships = new ArrayList<>();
        List<String> documents = new ArrayList<>();
        List<String> photos = new ArrayList<>();
        List<LifeEvent> events = new ArrayList<>();

        for (String sentence : SENTENCE_BREAK.split(text)) {
            SentenceFacts facts = sentence(sentence);
            facts.names.values().forEach(names::add);
            facts.places.values().forEach(places::add);
            facts.years.values().forEach(years::add);
            facts.relationships.values().forEach(relationships::add);
            dates.addAll(facts.dates);
            String lower = sentence.toLowerCase(Locale.ROOT);
            Matcher artifact = ARTIFACT.matcher(lower);
            while (artifact.find()) {
                (ARTIFACTS.get(artifact.group(1)) ? photos : documents).add(artifact.group(1));
            }
            events.addAll(events(lower, facts));
        }
        boolean copyOffered = COPY_OFFER.matcher(text.toLowerCase(Locale.ROOT)).find();
        return new Extraction(names, dates, years, places, relationships, documents, photos, events, copyOffered);
    }

    /** Entities of one sentence keyed by their offset, so events can pick those of their clause. */
    private record SentenceFacts(Map<Integer, String> names, Map<Integer, String> places,
            Map<Integer, String> placePrepositions,
            Map<Integer, Integer> years, Map<Integer, String> relationships, List<String> dates) {
    }

    private SentenceFacts sentence(String sentence) {
        Map<Integer, String> names = new LinkedHashMap<>();
        Map<Integer, String> places = new LinkedHashMap<>();
        Map<Integer, String> placePrepositions = new LinkedHashMap<>();
        Map<Integer, Integer> years = new LinkedHashMap<>();
        Map<Integer, String> relationships = new LinkedHashMap<>();
        List<String> dates = new ArrayList<>();

        Matcher date = DATE.matcher(sentence);
        while (date.find()) {
            dates.add(date.group());
        }
        Matcher year = YEAR_PATTERN.matcher(sentence);
        while (year.find()) {
            years.put(year.start(), Integer.parseInt(year.group(1)));
        }
        Matcher rel = RELATIONSHIP.matcher(sentence.toLowerCase(Locale.ROOT));
        while (rel.find()) {
            relationships.put(rel.start(), rel.group(1).replace("great ", "great-"));
        }

        Matcher run = RUN.matcher(sentence);
        int consumedUntil = -1;
        while (run.find()) {
            if (run.start() < consumedUntil) {
                continue;
            }
            List<String> words = new ArrayList<>(List.of(run.group().split(" ")));
            String lead = sentence.substring(0, run.start()).toLowerCase(Locale.ROOT);
            String trimmedLead = "";
            while (!words.isEmpty() && STOP_WORDS.contains(words.getFirst())) {
                trimmedLead = words.removeFirst().toLowerCase(Locale.ROOT);
            }
            while (!words.isEmpty() && STOP_WORDS.contains(words.getLast())) {
                words.removeLast();
            }
            boolean beforeNumber = sentence.substring(run.end()).matches("(?s)^,? ?[0-9].*");
            if (!words.isEmpty() && MONTH_WORD.matcher(words.getLast()).matches() && (beforeNumber || words.size() == 1)) {
                words.removeLast();
            }
            if (words.isEmpty()) {
                continue;
            }
            String value = String.join(" ", words);
            String context = trimmedLead.isEmpty() ? lead : lead + trimmedLead + " ";
            Matcher placeLead = PLACE_LEAD.matcher(context);
            if (placeLead.find()) {
                Matcher more = PLACE_CONTINUATION.matcher(sentence.substring(run.end()));
                if (more.find()) {
                    value = value + ", " + more.group(1);
                    consumedUntil = run.end() + more.end();
                }
                places.put(run.start(), value);
                placePrepositions.put(run.start(), placeLead.group(1) != null ? placeLead.group(1) : placeLead.group(2));
            } else if (TITLES.contains(trimmedLead)) {
                names.put(run.start(), capitalise(trimmedLead) + " " + value); // keep "Mrs Walsh" whole
            } else if (words.size() >= 2 || NAME_LEAD.matcher(context).find()) {
                names.put(run.start(), value);
            }
        }
        return new SentenceFacts(names, places, placePrepositions, years, relationships, dates);
    }

    private List<LifeEvent> events(String lowerSentence, SentenceFacts facts) {
        List<int[]> spans = new ArrayList<>();
        List<EventKind> kinds = new ArrayList<>();
        Matcher m = EVENT.matcher(lowerSentence);
        while (m.find()) {
            EventKind kind = kindOf(m.group(1));
            if (!kinds.isEmpty() && kinds.getLast() == kind) {
                continue; // "born ... birth certificate": one event, not two
            }
            kinds.add(kind);
            spans.add(new int[] {m.start(), lowerSentence.length()});
        }
        if (spans.isEmpty()) {
            return List.of();
        }
        for (int i = 0; i < spans.size() - 1; i++) {
            spans.get(i)[1] = spans.get(i + 1)[0];
        }
        spans.getFirst()[0] = 0; // the first clause owns the sentence's opening ("In 1911, Mary ...")
        int firstEvent = spans.size() > 1 ? spans.get(1)[0] : lowerSentence.length();
        List<String> subject = facts.names.entrySet().stream()
                .filter(e -> e.getKey() < firstEvent).map(Map.Entry::getValue).toList();

        List<LifeEvent> events = new ArrayList<>();
        for (int i = 0; i < spans.size(); i++) {
            int from = spans.get(i)[0];
            int to = spans.get(i)[1];
            List<String> names = new ArrayList<>(subject);
            within(facts.names, from, to).stream().filter(n -> !names.contains(n)).forEach(names::add);
            Optional<Integer> year = within(facts.years, from, to).stream().findFirst();
            Optional<Integer> placeAt = facts.places.keySet().stream().filter(k -> k >= from && k < to).findFirst();
            Optional<String> place = placeAt.map(facts.places::get);
            // "emigrated to Boston" vs "from Sligo": keep the text's own direction.
            String preposition = kinds.get(i) == EventKind.EMIGRATION
                    ? placeAt.map(facts.placePrepositions::get).filter(p -> p.equals("to") || p.equals("from"))
                            .orElse(EventKind.EMIGRATION.placePreposition())
                    : kinds.get(i).placePreposition();
            Optional<String> relationship = within(facts.relationships, 0, to).stream().findFirst();
            if (year.isPresent() || !names.isEmpty()) {
                events.add(new LifeEvent(kinds.get(i), year, names, place, preposition, relationship));
            }
        }
        return events;
    }

    private static String capitalise(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    private static <T> List<T> within(Map<Integer, T> byOffset, int from, int to) {
        return byOffset.entrySet().stream().filter(e -> e.getKey() >= from && e.getKey() < to)
                .map(Map.Entry::getValue).toList();
    }

    private static EventKind kindOf(String word) {
        for (EventKind kind : EventKind.values()) {
            if (word.matches(kind.wordsRegex())) {
                return kind;
            }
        }
        throw new IllegalStateException("no event kind for '" + word + "'");
    }

    /** Artifact phrase → true for photos, false for documents. */
    private static Map<String, Boolean> artifacts() {
        Map<String, Boolean> map = new LinkedHashMap<>();
        for (String doc : List.of("family bible", "bible", "birth certificate", "marriage certificate",
                "death certificate", "baptismal certificate", "baptism certificate", "certificate", "certificates",
                "baptism record", "baptismal record", "letter", "letters", "diary", "diaries", "journal",
                "journals", "census", "census record", "census records", "last will", "will and testament",
                "deed", "deeds", "obituary", "obituaries", "passenger list", "passenger lists", "ship manifest",
                "parish register", "parish registers", "parish records", "military record", "military records",
                "service record", "service records", "pension record", "pension records", "newspaper clipping",
                "newspaper clippings", "memorial card", "memorial cards", "prayer card", "prayer cards",
                "naturalization papers", "naturalisation papers", "family papers")) {
            map.put(doc, false);
        }
        for (String photo : List.of("photo", "photos", "photograph", "photographs", "picture", "pictures",
                "portrait", "portraits", "daguerreotype", "daguerreotypes", "tintype", "tintypes", "tin type",
                "snapshot", "snapshots", "photo album", "photo albums", "original photo", "original photos")) {
            map.put(photo, true);
        }
        return Collections.unmodifiableMap(map);
    }
}
