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

    /**
     * At most this many rows of one source of whole messages: the larger sources (19,000 offensive tweets, 11,000
     * IRC lines) are cut to a fixed sample (the rows whose text hashes lowest). Each source carries the same share of
     * the training weight whatever its size, so more rows of one kind add little, and every row costs an embedding.
     */
    public static final int MAX_PER_SOURCE = 6000;

    public static List<TrainingRow> of(List<SourceText> texts) {
        return capped(all(texts));
    }

    private static List<TrainingRow> all(List<SourceText> texts) {
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

    private static List<TrainingRow> capped(List<TrainingRow> rows) {
        var perSource = new java.util.EnumMap<DevSource, List<String>>(DevSource.class);
        for (var row : rows) {
            if (!row.source().post()) perSource.computeIfAbsent(row.source(), s -> new ArrayList<>()).add(row.text());
        }
        var kept = new java.util.EnumMap<DevSource, java.util.Set<String>>(DevSource.class);
        perSource.forEach((source, list) -> {
            if (list.size() <= MAX_PER_SOURCE) return;
            kept.put(source, new java.util.HashSet<>(list.stream().sorted(java.util.Comparator
                    .comparing(TrainingRows::hash).thenComparing(t -> t)).limit(MAX_PER_SOURCE).toList()));
        });
        if (kept.isEmpty()) return rows;
        return rows.stream().filter(r -> !kept.containsKey(r.source()) || kept.get(r.source()).contains(r.text()))
                .toList();
    }

    private static String hash(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
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
