package dev.parley.application.alerts.training;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The weak labeller of training windows: a window of an r/SuicideWatch post is taken as on-topic (a positive)
 * when it states suicidal intent or self-harm in so many words. Many sentences of a suicidal post are not
 * themselves suicidal ("I work a job I don't particularly dislike"), so the post's label is not copied to all of
 * its windows. Used only to choose training rows; the screen itself never runs these expressions.
 */
public final class SelfHarmCues {
    private static final Pattern EXPLICIT = Pattern.compile(String.join("|",
            "\\bsuicid(e|al|ality)\\b",
            "\\bkill(ing)? my ?self\\b", "\\bkms\\b",
            "\\b(end(ing)?|take|taking) (it all|my (own )?life|my life|things|everything|myself)\\b",
            "\\bend it\\b",
            "\\b(want(ed)?|wanna|going|gonna|ready|deserve|deserved) (to )?die\\b",
            "\\bwish (i|that i) (was|were|could be) dead\\b", "\\bwish i (had )?never (been born|existed)\\b",
            "\\bwish i (could )?(would|could) (just )?(die|disappear|not wake up|cease to exist)\\b",
            "\\bbetter off (dead|without me|if i (was|were) (gone|dead))\\b",
            "\\b(don'?t|do not|dont) want to (live|be alive|exist|be here|wake up|go on)( anymore)?\\b",
            "\\bno (reason|point) (to|in) (live|living|go on|going on|being alive)\\b",
            "\\bnothing (left )?to live for\\b",
            "\\bcan'?t (go on|keep going|do this anymore|take (it|this) anymore|live like this)\\b",
            "\\b(hang|hanging|cut|cutting|hurt|hurting|shoot|shooting|drown) my ?self\\b",
            "\\bself[- ]?harm(ing)?\\b", "\\boverdos(e|ed|ing)\\b",
            "\\b(noose|rope|razor|blades?|pills)\\b",
            "\\bjump (off|from|in front)\\b",
            "\\bnot (be|being) (here|alive|around) (anymore|much longer|for long)\\b",
            "\\b(last|final) (note|goodbye|day|days|night)\\b", "\\bsuicide note\\b",
            "\\btired of (living|life|being alive|existing)\\b",
            "\\b(give|giving|gave) up on (life|living)\\b",
            "\\b(die|dying|dead) in my sleep\\b", "\\bnever wake up\\b",
            "\\b(attempt|attempted|attempts|attempting)\\b",
            "\\bno one would (care|miss me|notice)\\b", "\\bnobody would (care|miss me|notice)\\b"));

    private SelfHarmCues() {
    }

    /** True when {@code window} states suicidal intent or self-harm explicitly. */
    public static boolean explicit(String window) {
        return EXPLICIT.matcher(normalized(window)).find();
    }

    private static String normalized(String text) {
        return text.toLowerCase(Locale.ROOT).replace('’', '\'');
    }
}
