package dev.parley.domain.chimein;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The words of a message that carry its subject: lower case, without English function words, addressee prefixes
 * and {@code @handles}. Used to tell a generic call for help ("@bot what do you think?", "@bot ^") from a question
 * with its own subject, to spot a content-free follow-up ("Any thoughts?"), and by the offline reply.
 */
public final class ContentWords {
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}_'./+#-]*");
    private static final Pattern LEADING_ADDRESS = Pattern.compile("^\\s*@?[^\\s:,]{1,64}\\s*[:,]\\s*");
    private static final Pattern HANDLE = Pattern.compile("(?<![\\w@])@[^\\s,:;!?()]+");

    /** Function words: they say nothing about what a message is about. */
    private static final Set<String> STOP = Set.of((
            "a an the and or but nor so yet if then else than that this these those there here of to in on at by for "
            + "from with without about into onto over under up down out off as is am are was were be been being do "
            + "does did doing done have has had having will would shall should can could may might must i me my mine "
            + "we us our ours you your yours he him his she her hers it its they them their theirs what which who whom "
            + "whose when where why how all any both each few more most other some such no not only own same too very "
            + "just also again ever still even now ok okay yes yeah yep nope hi hey hello please pls plz thx lol lmao "
            + "haha hmm um uh oh ah well really get got gets go going gone let lets let's it's i'm you're that's "
            + "what's don't doesn't didn't can't won't isn't aren't wasn't i've i'll i'd you'll anyone anybody "
            + "someone somebody something anything everything one ones guys many much thanks thank").split(" "));

    /** Words of a bare call for the bot to look at the conversation. */
    private static final Set<String> GENERIC_REQUEST = Set.of((
            "think thoughts thought opinion opinions idea ideas help chime suggest suggestion suggestions advice "
            + "say views view take input weigh look check see know bot"
            ).split(" "));

    /**
     * Words of a question about the conversation itself rather than a subject of its own ("what's the plan?",
     * "what did we decide?", "can you sum up?"): the answer is in what people said here.
     */
    private static final Set<String> ABOUT_CONVERSATION = Set.of((
            "plan plans planned planning decide decided decides deciding decision decisions agree agreed agreement "
            + "consensus settle settled conclusion concluded conclude outcome verdict summary summarize summarise "
            + "summed sum recap tldr catch missed miss status update updates progress option options choice choices "
            + "proposal proposals proposed discussed discuss discussing discussion talked talking said saying "
            + "conversation thread above happening happened next steps deal"
            ).split(" "));

    /** Subject words a question about the conversation has at most ("what did we decide about the venue?"). */
    private static final int SHORT_QUESTION = 4;

    /** Words that make a generic message a request on their own ("@bot thoughts", "@bot help"). */
    private static final Set<String> REQUEST = Set.of((
            "think thoughts thought opinion opinions idea ideas help chime suggest suggestion suggestions advice "
            + "views input weigh").split(" "));

    /** Nothing but a pointer at what came before: "", "^", "??", "^^ ?". */
    private static final Pattern POINTER = Pattern.compile("[\\s^?↑.]*");

    /** A question or a request by its first word ("what …", "can you …", "please …", "sum up …"). */
    private static final Pattern ASKING = Pattern.compile("(?i)(what|what's|whats|where|when|who|how|which|why|is|are"
            + "|do|does|did|can|could|would|will|should|shall|any|so|pls|please|summarize|summarise|sum|recap|tldr"
            + "|remind|tell|give|explain)\\b");

    /** First-person plural: in a group chat, a question about "we" is about what the group said. */
    private static final Pattern WE = Pattern.compile("(?i)\\b(we|we're|we've|we'll|we'd|us|our|ours|let's)\\b");

    private ContentWords() {
    }

    /** The subject words of {@code text}, in order of first appearance. */
    public static Set<String> of(String text) {
        var out = new LinkedHashSet<String>();
        if (text == null) return out;
        var stripped = HANDLE.matcher(LEADING_ADDRESS.matcher(text).replaceFirst(" ")).replaceAll(" ");
        var m = WORD.matcher(stripped.toLowerCase(Locale.ROOT));
        while (m.find()) {
            var w = trimPunctuation(m.group());
            if (w.length() > 1 && !STOP.contains(w)) out.add(w);
        }
        return out;
    }

    /**
     * A generic call for help: after the addressee, nothing but function words and words asking for an opinion
     * ("@bot what do you think?", "@bot can you help", "@bot ^", "@bot").
     */
    public static boolean isGenericRequest(String text) {
        for (var w : of(text)) {
            if (!GENERIC_REQUEST.contains(w)) return false;
        }
        return true;
    }

    /**
     * A call to read the conversation: a bare tag or pointer ("@bot", "@bot ^", "@bot ??"), a question with no
     * subject of its own ("@bot what now?"), a request that only asks for an opinion or help ("@bot what do you
     * think?", "@bot can you help"), or a question or request about the conversation itself ("what's the plan?",
     * "what did we decide?", "sum up please", "where are we meeting?"). An acknowledgement ("@bot thanks", "ok",
     * ":)") or a remark ("I see", "as I said") is not one.
     */
    public static boolean callsForConversation(String text) {
        var rest = withoutAddressing(text);
        if (POINTER.matcher(rest).matches()) return true;
        var words = of(text);
        boolean asks = rest.indexOf('?') >= 0 || ASKING.matcher(rest).lookingAt();
        if (words.isEmpty()) return rest.indexOf('?') >= 0;
        // A long question that names its own subject is about that subject, whatever words it uses on the way.
        asks &= words.size() <= SHORT_QUESTION;
        boolean onlyGeneric = true;
        boolean request = false;
        for (var w : words) {
            if (ABOUT_CONVERSATION.contains(w) && asks) return true;
            if (!GENERIC_REQUEST.contains(w)) onlyGeneric = false;
            if (REQUEST.contains(w)) request = true;
        }
        return onlyGeneric && (asks || request) || asks && WE.matcher(rest).find();
    }

    /** A message with at most one subject word ("Any thoughts?", "+1", "same here"): it leans on what came before. */
    public static boolean leansOnPrevious(String text) {
        return of(text).size() <= 1 && isGenericRequest(text) || of(text).isEmpty();
    }

    /** Whether {@code word} (from {@link #of}) only asks for an opinion ("thoughts", "help") rather than naming a subject. */
    public static boolean asksForOpinion(String word) {
        return GENERIC_REQUEST.contains(word);
    }

    /** The text without its leading addressee ({@code nick:}) and {@code @handles}, trimmed. */
    public static String withoutAddressing(String text) {
        if (text == null) return "";
        return HANDLE.matcher(LEADING_ADDRESS.matcher(text).replaceFirst("")).replaceAll(" ").strip();
    }

    private static String trimPunctuation(String w) {
        int end = w.length();
        while (end > 0 && ".'-/".indexOf(w.charAt(end - 1)) >= 0) end--;
        return w.substring(0, end);
    }
}
