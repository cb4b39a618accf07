package dev.parley.application.alerts.training;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What one head learns: its category, whether it raises seed 000's alerts (or only feeds the validator), and which
 * rows are its positives. Every head's negatives are the ordinary rows of every benign source, and its thresholds
 * are set on those same rows' cross-validated scores.
 */
public record HeadSpec(String category, boolean raisesAlerts, Set<DevSource> positiveSources,
                       boolean onTopicWindowsOnly, String positives) {

    public HeadSpec {
        positiveSources = Set.copyOf(positiveSources);
    }

    /** The four heads of issue 14, in the order the model file lists them. */
    public static List<HeadSpec> standard() {
        return List.of(
                new HeadSpec("self_harm", true, EnumSet.of(DevSource.POST_SUICIDE), true,
                        "windows of r/SuicideWatch posts that state suicidal intent or self-harm, or are their post's "
                                + "top-scoring window (multiple-instance)"),
                new HeadSpec("threats", true, EnumSet.of(DevSource.TWEET_HATE), false,
                        "Davidson et al. class 0 tweets (hate speech)"),
                new HeadSpec("harassment", false, EnumSet.of(DevSource.TWEET_HATE, DevSource.TWEET_OFFENSIVE), false,
                        "Davidson et al. class 0 and 1 tweets (hate speech, offensive language)"),
                new HeadSpec("financial_scam", false, EnumSet.of(DevSource.SMS_SPAM), false,
                        "UCI SMS spam (prize, premium-rate and money scams)"));
    }
}
