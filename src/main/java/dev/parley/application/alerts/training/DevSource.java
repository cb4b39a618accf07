package dev.parley.application.alerts.training;

import java.util.Locale;

/**
 * Where a training or dev row comes from, with its gold label as the data set gives it, and the {@link DataSet} it
 * belongs to: leave-one-source-out evaluation holds out a whole data set at a time.
 */
public enum DevSource {
    /** UCI SMS Spam Collection, {@code ham}: ordinary SMS (benign). */
    SMS_HAM(DataSet.UCI_SMS, true),
    /** UCI SMS Spam Collection, {@code spam}. */
    SMS_SPAM(DataSet.UCI_SMS, false),
    /** sms-india, {@code ham}: ordinary SMS of 2024 (benign). */
    INDIA_HAM(DataSet.SMS_INDIA, true),
    /** sms-india, {@code spam}: promotional and phishing SMS of 2024, most with links. */
    INDIA_SPAM(DataSet.SMS_INDIA, false),
    /** Davidson et al. class 2, "neither": ordinary tweets (benign). */
    TWEET_NEITHER(DataSet.TWEETS, true),
    /** Davidson et al. class 1, offensive language. */
    TWEET_OFFENSIVE(DataSet.TWEETS, false),
    /** Davidson et al. class 0, hate speech. */
    TWEET_HATE(DataSet.TWEETS, false),
    /** r/teenagers posts (the self-harm set's {@code non-suicide} class): benign. */
    POST_NON_SUICIDE(DataSet.REDDIT, true),
    /** r/SuicideWatch posts (the {@code suicide} class). */
    POST_SUICIDE(DataSet.REDDIT, false),
    /** Ubuntu IRC lines (irc-disentanglement dev): everyday chat (benign). */
    IRC(DataSet.IRC, true);

    /** The public data sets the rows come from; each is held out whole in leave-one-source-out figures. */
    public enum DataSet {
        UCI_SMS, SMS_INDIA, TWEETS, REDDIT, IRC;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final DataSet dataSet;
    private final boolean benign;

    DevSource(DataSet dataSet, boolean benign) {
        this.dataSet = dataSet;
        this.benign = benign;
    }

    /** True for the ordinary rows whose false-alarm rate sets the thresholds. */
    public boolean benign() {
        return benign;
    }

    /** True for the Reddit posts (long: the heads read their first {@link ShortText#POST_CHARACTERS} characters). */
    public boolean post() {
        return dataSet == DataSet.REDDIT;
    }

    public DataSet dataSet() {
        return dataSet;
    }

    /** The name in the model file and reports. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
