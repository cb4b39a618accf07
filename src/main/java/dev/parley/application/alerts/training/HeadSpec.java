package dev.parley.application.alerts.training;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What one head learns: its category, whether it raises seed 000's alerts (or only feeds the validator), which
 * sources are its positives, which kinds of rows it learns from, and which ordinary sources are held to the pooled
 * false-alarm rate only (not each on its own). Every head's negatives are the rows of every ordinary source, and
 * its thresholds are set on those rows' out-of-source scores.
 */
public record HeadSpec(String category, boolean raisesAlerts, Set<DevSource> positiveSources,
                       Set<TrainingRow.Kind> learnsFrom, Set<DevSource> pooledOnly, String positives) {

    public HeadSpec {
        positiveSources = Set.copyOf(positiveSources);
        learnsFrom = Set.copyOf(learnsFrom);
        pooledOnly = Set.copyOf(pooledOnly);
    }

    /** True when this head learns from {@code row} (as a positive or as an ordinary row). */
    public boolean learns(TrainingRow row) {
        if (!learnsFrom.contains(row.kind())) return false;
        return positiveSources.contains(row.source()) || row.source().benign();
    }

    /** True when {@code row} is one of this head's positives. */
    public boolean positive(TrainingRow row) {
        return positiveSources.contains(row.source());
    }

    /** The four heads, in the order the model file lists them. */
    public static List<HeadSpec> standard() {
        var messages = EnumSet.of(TrainingRow.Kind.MESSAGE, TrainingRow.Kind.FIRST_SENTENCE);
        return List.of(
                new HeadSpec("self_harm", true, EnumSet.of(DevSource.POST_SUICIDE),
                        EnumSet.allOf(TrainingRow.Kind.class), EnumSet.of(DevSource.POST_NON_SUICIDE),
                        "r/SuicideWatch posts: their first 300 characters, their first sentence and their sentences "
                                + "that state suicidal intent or self-harm"),
                new HeadSpec("threats", true, EnumSet.of(DevSource.TWEET_HATE), messages, Set.of(),
                        "Davidson et al. class 0 tweets (hate speech)"),
                new HeadSpec("harassment", false, EnumSet.of(DevSource.TWEET_HATE, DevSource.TWEET_OFFENSIVE),
                        messages, Set.of(), "Davidson et al. class 0 and 1 tweets (hate speech, offensive language)"),
                new HeadSpec("financial_scam", false, EnumSet.of(DevSource.SMS_SPAM, DevSource.INDIA_SPAM), messages,
                        Set.of(), "UCI SMS spam (2011) and sms-india spam (2024: links, offers, phishing)"));
    }
}
