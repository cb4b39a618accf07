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
    /**
     * A friendly first reply to the outreach message: many phrasings, as DNA matches write them (a quarter of all
     * conversations open with one, so no single sentence may stand for all of them).
     */
    static final List<String> FIRST_REPLIES = List.of("Yes, happy to help!", "Sure, what would you like to know?",
            "I'm interested, I've been building my tree for years.", "Yes! Happy to compare notes.",
            "Hi! Yes I saw the match too. What do you know so far?", "Sure, I don't know much but I'll try.",
            "Hello, thanks for getting in touch. Yes, I'd be happy to help if I can.",
            "Oh how exciting! I only did the test last year so I'm new to all this. What would you like to know?",
            "Hi there, yes I noticed the match too. Which side do you think it's on?",
            "Sure! My mum did most of the research on our side, but I can ask her.",
            "Yes of course. I've got a small tree on Ancestry, it's public if you want a look.",
            "Hi, nice to hear from you. I'd wondered about that match! Do you have a tree I can see?",
            "Yes, I'd love to figure out how we're related.",
            "Hello! Sorry for the slow reply, I don't log in much. Yes, happy to share what I know.",
            "Hi, I manage the kit for my dad, he's 84. He'd be interested to hear how you're connected.",
            "Sure thing. What surnames are you researching?",
            "Hi, I think you must be on my father's side, his family is the one I know least about.",
            "Yes please! I've hit a brick wall with my great-grandparents so any help is welcome.",
            "Hi, thanks for the message. I was adopted so I don't know much, but I'm very interested in finding out.",
            "Absolutely, happy to help. I've got about 300 people in my tree so far.",
            "Hello, yes we're a strong match according to the site. Are you in the UK or the US?",
            "Great to hear from you! I've been trying to work out a few of my matches. What do you have so far?",
            "Yes, sure. I'm not on here much but I'll do my best.",
            "Hiya, yes I'd be glad to help. Who are your grandparents?",
            "Thanks for writing! Sounds good, I'm always happy to meet a new cousin.",
            "Hi, I'm interested too. My family tree only goes back to about 1900 so far.",
            "Yes! I was hoping one of my matches would get in touch.",
            "Of course. My aunt did a lot of research years ago, I have her notes somewhere.",
            "Hello. Yes, I'd be happy to compare our trees. I'm on MyHeritage too.",
            "Hi, yes, I'd like that. My grandad always said we had family in America. Is that your side?");
    /** Friendly replies later in an exchange, while the person keeps answering. */
    static final List<String> CHAT = List.of("Yes, that sounds right.", "Ooh, interesting! Tell me more?",
            "Let me check my notes and get back to you.", "Sure, I'll ask my mum tonight, she remembers more than I do.",
            "Yes, that name rings a bell.", "That's so interesting, I never knew that. Is it on your tree?",
            "Sounds good to me.", "Of course, ask away.", "Yes, I think we're on the right track.",
            "Hmm, let me look through the old albums.", "I'd be happy to, give me a day or two.",
            "Yes! That matches what my aunt told me.", "Sorry for the delay, busy week. Yes, happy to keep going.",
            "Absolutely, I'm enjoying this.", "Good question, I'll check with my cousin.",
            "Wow, small world! What else do you have?", "Yes, I can look that up at the weekend.",
            "Sure, I've got the old address book somewhere, let me look.",
            "That would make sense, our family was always a big one.", "Yes please, send over what you have.");
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
            "I'll pass, but all the best.", "I'd rather not share family information with strangers.",
            "Sorry, I only did the test for the health report. Not interested in the rest, but good luck.",
            "Thanks but no thanks.", "I'm not comfortable sharing personal details online, sorry.",
            "Not right now, I've got too much on.", "Prefer not to, sorry.",
            "Not my thing really. Good luck with it though.");
    /** A polite reply that says neither yes nor no. */
    static final List<String> POLITE = List.of("Thank you for reaching out.", "Thanks, good luck with your research!",
            "Kind regards", "Thanks for the message.", "Appreciate you getting in touch.", "Cheers, all the best.",
            "Thank you, that's kind of you.", "Nice to meet you, best wishes.");
    /** A last thank-you after the exchange has concluded. */
    static final List<String> THANKS = List.of("Thanks, good luck with your research!", "Thank you so much!",
            "Cheers, this has been fun. All the best.", "Thanks again, really appreciate it.",
            "Thank you, have a lovely day.", "Many thanks, best wishes.", "Kind regards",
            "Thanks for all your help, good luck!");
    static final List<String> NEUTRAL = List.of("ok", "Noted.", "Got it", "Okay.", "OK", "Alright.", "Seen.", "k");
    static final List<String> STOP = List.of("Unsubscribe", "Remove me from your list.", "STOP",
            "Don't contact me again.", "Please take me off your list.", "Opt out", "No more messages please.",
            "stop");
    /** Stop requests the seed's threat patterns flag ("stop messaging", "do not contact"): critical. */
    static final List<String> STOP_CRITICAL = List.of("Please stop messaging me.",
            "Do not contact me. I don't know who you are.");
    static final List<String> NEGATIVE = List.of("Leave me alone.", "This is a waste of my time, go away.",
            "No thanks, and leave me alone.", "None of your business.", "Get lost.",
            "Honestly this is creepy, go away.");
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
