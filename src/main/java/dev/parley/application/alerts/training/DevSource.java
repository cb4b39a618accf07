package dev.parley.application.alerts.training;

import java.util.Locale;

/** Where a training or dev row comes from, with its gold label as the data set gives it. */
public enum DevSource {
    /** UCI SMS Spam Collection, {@code ham}: ordinary SMS (benign). */
    SMS_HAM(true),
    /** UCI SMS Spam Collection, {@code spam}. */
    SMS_SPAM(false),
    /** Davidson et al. class 2, "neither": ordinary tweets (benign). */
    TWEET_NEITHER(true),
    /** Davidson et al. class 1, offensive language. */
    TWEET_OFFENSIVE(false),
    /** Davidson et al. class 0, hate speech. */
    TWEET_HATE(false),
    /** r/teenagers posts (the self-harm set's {@code non-suicide} class): benign. */
    POST_NON_SUICIDE(true),
    /** r/SuicideWatch posts (the {@code suicide} class); only some of their windows are on-topic. */
    POST_SUICIDE(false);

    private final boolean benign;

    DevSource(boolean benign) {
        this.benign = benign;
    }

    /** True for the ordinary rows whose false-alarm rate sets the thresholds. */
    public boolean benign() {
        return benign;
    }

    /** True for the Reddit posts (long; cut into windows to learn from). */
    public boolean post() {
        return this == POST_NON_SUICIDE || this == POST_SUICIDE;
    }

    /** The name in the model file and reports. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
