package dev.parley.application.alerts.training;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the data files' texts into rows: SMS, tweets (cleaned of data-set markup) and IRC lines whole; a Reddit
 * post as its first {@link ShortText#POST_CHARACTERS} characters, its first sentence and, for r/SuicideWatch posts,
 * the sentences with an explicit self-harm cue ({@link SelfHarmCues}). Identical texts of one source and kind are
 * kept once (UCI ham repeats "Ok lar" and the like; a repeated row would count twice in a false-alarm rate).
 * Deterministic: same texts, same rows, same order.
 */
public final class TrainingRows {
    private TrainingRows() {
    }

    public static List<TrainingRow> of(List<SourceText> texts) {
        var rows = new LinkedHashMap<String, TrainingRow>();
        for (var text : texts) {
            switch (text.source()) {
                case SMS_HAM, SMS_SPAM, INDIA_HAM, INDIA_SPAM, IRC -> add(rows, ShortText.sms(text.text()),
                        text.source(), null, TrainingRow.Kind.MESSAGE);
                case TWEET_NEITHER, TWEET_OFFENSIVE, TWEET_HATE ->
                        add(rows, ShortText.tweet(text.text()), text.source(), null, TrainingRow.Kind.MESSAGE);
                case POST_NON_SUICIDE, POST_SUICIDE -> {
                    var group = text.source().id() + ":" + text.line();
                    var post = ShortText.post(text.text());
                    add(rows, ShortText.beginning(post), text.source(), group, TrainingRow.Kind.MESSAGE);
                    var windows = TextWindows.of(post);
                    if (!windows.isEmpty()) {
                        add(rows, windows.getFirst(), text.source(), group, TrainingRow.Kind.FIRST_SENTENCE);
                    }
                    if (text.source() == DevSource.POST_SUICIDE) {
                        for (var window : windows.subList(Math.min(1, windows.size()), windows.size())) {
                            if (SelfHarmCues.explicit(window)) {
                                add(rows, window, text.source(), group, TrainingRow.Kind.CUE_WINDOW);
                            }
                        }
                    }
                }
            }
        }
        return new ArrayList<>(rows.values());
    }

    /**
     * A deterministic 1-in-{@code k} sample by group (a post with all its rows, a text with its copies): the smaller
     * path for comparing embedders ({@code parley train alerts --sample k}). {@code k = 1} keeps every row.
     */
    public static List<TrainingRow> sample(List<TrainingRow> rows, int k) {
        if (k < 1) throw new IllegalArgumentException("k must be at least 1");
        return k == 1 ? rows : rows.stream().filter(r -> Folds.of("sample:" + r.group(), k) == 0).toList();
    }

    private static void add(Map<String, TrainingRow> rows, String text, DevSource source, String group,
                            TrainingRow.Kind kind) {
        if (text.isBlank()) return;
        var key = source.id() + "\u0000" + kind + "\u0000" + text;
        rows.putIfAbsent(key, new TrainingRow(text, source, group != null ? group : "text:" + text,
                SelfHarmCues.explicit(text), kind));
    }
}
