package dev.parley.bootstrap.demo;

import java.util.List;
import java.util.Random;

/**
 * What the people of the demo write: replies to a DNA-match outreach message in the words real replies use (the
 * seed's categories: productive with and without genealogical data, high-value artefacts, polite declines, stop
 * requests, hostility, self-harm, legal threats, unclear replies), plus idioms that look alarming but are not
 * (which must not alert). Names, places and years vary ({@link #VARIANTS} fills per template), and so does who
 * writes what when, so conversations read differently.
 */
final class DemoTexts {
    static final List<String> WOMEN = List.of("Mary", "Margaret", "Bridget", "Catherine", "Ellen", "Anne", "Rose",
            "Nora", "Agnes", "Helen", "Giulia", "Ingrid", "Elsie", "Edith", "Maeve");
    static final List<String> MEN = List.of("John", "Patrick", "James", "Michael", "Thomas", "William", "Peter",
            "Joseph", "Daniel", "Francis", "Hans", "Sean", "Walter", "Albert", "Arthur");
    static final List<String> LAST = List.of("O'Brien", "Murphy", "Kelly", "Walsh", "Byrne", "Ryan", "McDonald",
            "Campbell", "Stewart", "Fraser", "Taylor", "Evans", "Hughes", "Rossi", "Esposito", "Schmidt", "Weber",
            "Lindqvist", "Doyle", "Gallagher", "Brennan", "Quinn", "Harper", "Fletcher", "Morrison", "Sullivan",
            "Donnelly", "Keane", "Moreau", "Novak");
    static final List<String> PLACES = List.of("Cork", "Galway", "Sligo", "Mayo", "Kerry", "Donegal", "Leeds",
            "Glasgow", "Aberdeen", "Liverpool", "Manchester", "Boston", "Philadelphia", "Ontario", "Quebec",
            "Naples", "Hamburg", "Bremen", "Gothenburg", "Krakow", "Limerick", "Dundee", "Halifax", "Melbourne");
    static final List<String> WOMEN_RELATIVES = List.of("grandmother", "great-grandmother", "great-aunt", "mother");
    static final List<String> MEN_RELATIVES = List.of("grandfather", "great-grandfather", "great-uncle", "father");

    static final List<String> OUTREACH = List.of(
            "Hi {name}, I'm researching my family tree and we came up as a DNA match. I'd love to compare notes if "
                    + "you're interested!",
            "Hello {name}! Ancestry lists us as a close DNA match. Would you be open to comparing family trees?",
            "Hi {name}, we share a DNA match and I'm trying to work out how we're related. Any chance you could help?");
    static final List<String> CHAT = List.of("Yes, happy to help!", "Sure, what would you like to know?",
            "I'm interested, I've been building my tree for years.", "Yes! Happy to compare notes.",
            "Hi! Yes I saw the match too. What do you know so far?", "Sure, I don't know much but I'll try.");
    /** Everything at once: names, place and year. */
    static final List<String> DATA = List.of(
            "My {relative} {first} {last} was born in {place} in {year}.",
            "My {relative} was {first} {last}, from {place}. They emigrated around {year}.",
            "I think we connect through the {last} line. My {relative} {first} married in {place} in {year}.",
            "My {relative} {first} {last} lived in {place} until {year}, as far as I know.");
    /** One fact at a time, as people answer follow-up questions. */
    static final List<List<String>> FACTS = List.of(
            List.of("My {relative} was called {first} {last}.", "It's the {last} side, my {relative} {first}."),
            List.of("My {relative} would have been born around {year}, I think.",
                    "My {relative} was born in {year} if I remember right."),
            List.of("My {relative}'s family came from {place}, I believe.",
                    "My {relative} grew up in {place}."));
    static final List<String> HIGH_VALUE = List.of(
            "Thanks for your message. I have the family bible somewhere, let me look.",
            "My {relative} kept a diary, and we still have the original photos from {place}.",
            "We have the marriage certificate from {place} and a box of letters from {year}.",
            "There's a daguerreotype of my {relative} {first} in my attic, if that helps.");
    static final List<String> DECLINE = List.of("Not interested, thanks.", "No thanks.",
            "Thanks for reaching out, but I'm not really into family history. Best of luck with your research!",
            "I'll pass, but all the best.", "I'd rather not share family information with strangers.");
    static final List<String> POLITE = List.of("Thank you for reaching out.", "Thanks, good luck with your research!",
            "Kind regards");
    static final List<String> NEUTRAL = List.of("ok", "Noted.", "Got it");
    static final List<String> STOP = List.of("Unsubscribe", "Remove me from your list.", "STOP",
            "Don't contact me again.");
    /** Stop requests the seed's threat patterns flag ("stop messaging", "do not contact"): critical. */
    static final List<String> STOP_CRITICAL = List.of("Please stop messaging me.",
            "Do not contact me. I don't know who you are.");
    static final List<String> NEGATIVE = List.of("Leave me alone.", "This is a waste of my time, go away.",
            "No thanks, and leave me alone.");
    static final List<String> UNCLEAR = List.of("I'm not sure who you are.",
            "No thanks. But my {relative} was born in {place} in {year}.",
            "Not interested in DNA stuff but my grandfather was a {last}.", "👍", "?");
    static final List<String> SELF_HARM = List.of("I want to end it all",
            "Honestly I don't see the point any more. I want to die.",
            "There is no reason to live since my {relative} passed.");
    static final List<String> THREATS = List.of("This is harassment. I will report you to the police.",
            "Stop this or my lawyer will hear about it.", "I hate scammers like you.",
            "Are you a bot? This is a scam.");
    static final List<String> LEGAL = List.of("This is a privacy violation. Delete my data under GDPR.",
            "I'm talking to my attorney about legal action.");
    /** Alarming words in harmless idioms: the detector's context rules must keep these from alerting. */
    static final List<String> IDIOMS = List.of("I'd kill for a copy of that photo!",
            "My phone is about to die, I'll write more tonight.",
            "My great-grandfather was a police constable in {place}.",
            "Her father was a lawyer in {place}, I believe.",
            "Her apple cake was to die for, everyone says so.");
    static final List<String> OPERATOR_HIGH_VALUE = List.of(
            "That's wonderful! Would you be willing to share a photo or scan? I'd take great care with it.",
            "What a find. If you could photograph the first pages, that would help us both a lot.");
    static final List<String> OPERATORS = List.of("Dana", "Sam", "Priya", "Luis");

    private DemoTexts() {
    }

    /**
     * Filled variants per template: the names, places and years of a template's texts come from this many fills.
     * Every distinct text costs the pipeline a sentence embedding (issue 14's learned alert heads read it), and
     * unbounded fills made nearly every data reply distinct: 64 keep the texts varied while a 100,000-conversation
     * demo embeds about 1,200 texts instead of tens of thousands.
     */
    static final int VARIANTS = 64;

    /** A random template of {@code list}, in one of its {@link #VARIANTS} fills, for {@code person}. */
    static String pick(List<String> list, Person person, Random random) {
        var template = list.get(random.nextInt(list.size()));
        if (template.indexOf('{') < 0) return template;
        int variant = random.nextInt(VARIANTS);
        return fill(template, person, new Random(template.hashCode() * 1_000_003L + variant));
    }

    /**
     * {first} and {relative} speak of one relative (a woman or a man), {last} is the family line; all come from
     * {@code fills}. {name} is the person writing (only in our own messages, which are not embedded).
     */
    static String fill(String template, Person person, Random fills) {
        var random = fills;  // only this: the caller's generator stays untouched by how a template is filled
        boolean woman = random.nextBoolean();
        var first = woman ? WOMEN.get(random.nextInt(WOMEN.size())) : MEN.get(random.nextInt(MEN.size()));
        var relatives = woman ? WOMEN_RELATIVES : MEN_RELATIVES;
        var last = LAST.get(random.nextInt(LAST.size()));
        return template.replace("{name}", person.first()).replace("{first}", first).replace("{last}", last)
                .replace("{place}", PLACES.get(random.nextInt(PLACES.size())))
                .replace("{relative}", relatives.get(random.nextInt(relatives.size())))
                .replace("{year}", Integer.toString(1860 + random.nextInt(90)));
    }

    /** Who a demo conversation is with. */
    record Person(String first, String last) {
        static Person random(Random random) {
            var first = random.nextBoolean() ? WOMEN : MEN;
            return new Person(first.get(random.nextInt(first.size())), LAST.get(random.nextInt(LAST.size())));
        }

        String name() {
            return first + " " + last;
        }
    }
}
