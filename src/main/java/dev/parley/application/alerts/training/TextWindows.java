package dev.parley.application.alerts.training;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Cuts a long post into short windows that look like the messages Parley screens: sentences, a short one joined
 * to the next, a long one cut into even chunks of at most {@link #MAX_WORDS} words. The Reddit posts of the
 * self-harm set glue the title to the body ("…kill myselfI've had enough"), so a lower-case letter followed by a
 * capitalised word near the start is taken as that seam.
 */
public final class TextWindows {
    /** Longest window, in words (a long SMS or tweet). */
    public static final int MAX_WORDS = 40;
    /** Shortest sentence kept on its own; shorter ones join the next. */
    static final int MIN_WORDS = 4;
    /** At most this many windows are taken from one post (its beginning: the title and first lines). */
    public static final int MAX_WINDOWS = 40;

    private static final Pattern TITLE_SEAM = Pattern.compile("(?<=[a-z0-9])(?=(?:I\\b|I['’]|[A-Z][a-z]))");
    private static final int TITLE_SEAM_WITHIN = 200;
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?…])(?:\\s+|(?=[A-Z\"“]))|\\s*[\\r\\n]+\\s*");
    private static final Pattern SPACE = Pattern.compile("\\s+");

    private TextWindows() {
    }

    /** The windows of {@code text}, in order; empty when it has no words. */
    public static List<String> of(String text) {
        var sentences = new ArrayList<List<String>>();
        for (String sentence : SENTENCE_END.split(withTitleSeam(text))) {
            var words = words(sentence);
            if (!words.isEmpty()) sentences.add(words);
        }
        var joined = new ArrayList<List<String>>();
        var pending = new ArrayList<String>();
        for (var words : sentences) {
            pending.addAll(words);
            if (pending.size() >= MIN_WORDS) {
                joined.add(List.copyOf(pending));
                pending.clear();
            }
        }
        if (!pending.isEmpty()) {
            if (joined.isEmpty()) {
                joined.add(List.copyOf(pending));
            } else {
                var last = new ArrayList<>(joined.removeLast());
                last.addAll(pending);
                joined.add(last);
            }
        }
        var windows = new ArrayList<String>();
        for (var words : joined) {
            int pieces = (words.size() + MAX_WORDS - 1) / MAX_WORDS;
            for (int i = 0; i < pieces && windows.size() < MAX_WINDOWS; i++) {
                int from = words.size() * i / pieces;
                int to = words.size() * (i + 1) / pieces;
                windows.add(String.join(" ", words.subList(from, to)));
            }
        }
        return windows;
    }

    /** A sentence break at the first glued title seam near the start, if there is one. */
    static String withTitleSeam(String text) {
        var head = text.substring(0, Math.min(text.length(), TITLE_SEAM_WITHIN));
        var seam = TITLE_SEAM.matcher(head);
        if (!seam.find()) return text;
        return text.substring(0, seam.start()) + "\n" + text.substring(seam.start());
    }

    private static List<String> words(String sentence) {
        var trimmed = sentence.strip();
        if (trimmed.isEmpty()) return List.of();
        return Arrays.asList(SPACE.split(trimmed));
    }
}
