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
