package dev.parley.application.alerts.training;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the data files' texts into rows: SMS and tweets whole (cleaned of data-set markup), posts cut into windows
 * ({@link TextWindows}) to learn from, and the ordinary (r/teenagers) posts also whole, as they would reach Parley,
 * to measure false alarms on. Identical texts of one source are kept once (UCI ham repeats "Ok lar" and the
 * like; a repeated row would count twice in a false-alarm rate). Deterministic: same texts, same rows, same order.
 */
public final class TrainingRows {
    private TrainingRows() {
    }

    public static List<TrainingRow> of(List<SourceText> texts) {
        var rows = new LinkedHashMap<String, TrainingRow>();
        for (var text : texts) {
            switch (text.source()) {
                case SMS_HAM, SMS_SPAM -> add(rows, ShortText.sms(text.text()), text.source(), null,
                        TrainingRow.Kind.MESSAGE);
                case TWEET_NEITHER, TWEET_OFFENSIVE, TWEET_HATE ->
                        add(rows, ShortText.tweet(text.text()), text.source(), null, TrainingRow.Kind.MESSAGE);
                case POST_NON_SUICIDE, POST_SUICIDE -> {
                    var group = text.source().id() + ":" + text.line();
                    for (var window : TextWindows.of(ShortText.post(text.text()))) {
                        add(rows, window, text.source(), group, TrainingRow.Kind.WINDOW);
                    }
                    if (text.source().benign()) {
                        add(rows, text.text(), text.source(), group, TrainingRow.Kind.MESSAGE);
                    }
                }
            }
        }
        return new ArrayList<>(rows.values());
    }

    private static void add(Map<String, TrainingRow> rows, String text, DevSource source, String group,
                            TrainingRow.Kind kind) {
        if (text.isBlank()) return;
        var key = source.id() + "\u0000" + kind + "\u0000" + text;
        rows.putIfAbsent(key, new TrainingRow(text, source, group != null ? group : "text:" + text,
                SelfHarmCues.explicit(text), kind));
    }
}
