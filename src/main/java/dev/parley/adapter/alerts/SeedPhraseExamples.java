package dev.parley.adapter.alerts;

import dev.parley.domain.alert.CriticalAlertDetector;
import java.util.List;

/**
 * One clear example sentence per phrase of seed 000 §3.2 and §3.3. Context rules must never stop
 * these from triggering; {@code parley eval alerts} and the tests check every one.
 */
public final class SeedPhraseExamples {
    /** Every seed phrase, in the seed's order. */
    public static final List<SeedPhraseExample> ALL = List.of(
            new SeedPhraseExample("threats.1", "stop messaging", "Please stop messaging me."),
            new SeedPhraseExample("threats.1", "do not contact", "Do not contact me or my family again."),
            new SeedPhraseExample("threats.1", "cease and desist", "Consider this a cease and desist notice."),
            new SeedPhraseExample("threats.1", "harassment", "This is harassment and it has to end."),
            new SeedPhraseExample("threats.1", "stalking", "You are stalking my family online."),
            new SeedPhraseExample("threats.1", "police", "If you write again I will call the police."),
            new SeedPhraseExample("threats.1", "lawyer", "I am forwarding these messages to my lawyer."),
            new SeedPhraseExample("threats.1", "sue you", "Contact me again and I will sue you."),
            new SeedPhraseExample("threats.1", "report you", "I am going to report you to the site."),
            new SeedPhraseExample("threats.2", "kill", "Come near my family and I will kill you."),
            new SeedPhraseExample("threats.2", "murder", "Show up here and I will murder you."),
            new SeedPhraseExample("threats.2", "die", "I hope you die."),
            new SeedPhraseExample("threats.2", "hate", "I hate you and your messages."),
            new SeedPhraseExample("threats.2", "scam", "This whole thing is a scam."),
            new SeedPhraseExample("threats.2", "spammer", "You are nothing but a spammer."),
            new SeedPhraseExample("threats.2", "bot", "You're just a bot, leave me alone."),
            new SeedPhraseExample("self_harm.1", "suicide", "I have been thinking about suicide."),
            new SeedPhraseExample("self_harm.1", "kill myself", "Some days I want to kill myself."),
            new SeedPhraseExample("self_harm.1", "end it all", "I just want to end it all."),
            new SeedPhraseExample("self_harm.1", "want to die", "I want to die."),
            new SeedPhraseExample("self_harm.1", "no reason to live", "I have no reason to live anymore."),
            new SeedPhraseExample("legal.1", "gdpr", "Under GDPR I demand that you delete my data."),
            new SeedPhraseExample("legal.1", "privacy violation", "Sharing my DNA results is a privacy violation."),
            new SeedPhraseExample("legal.1", "data protection", "I will complain to the data protection authority."),
            new SeedPhraseExample("legal.1", "attorney", "My attorney will be in touch."),
            new SeedPhraseExample("legal.1", "legal action", "I will take legal action against you."),
            new SeedPhraseExample("high_value.1", "family bible", "We still have the family Bible with every birth written in it."),
            new SeedPhraseExample("high_value.1", "original photo", "I have an original photo of their wedding."),
            new SeedPhraseExample("high_value.1", "daguerreotype", "There is a daguerreotype of him in my attic."),
            new SeedPhraseExample("high_value.1", "tin type", "My aunt kept a tin type of the couple."),
            new SeedPhraseExample("high_value.1", "marriage certificate", "I found their marriage certificate from 1889."),
            new SeedPhraseExample("high_value.1", "death certificate", "I ordered his death certificate last year."),
            new SeedPhraseExample("high_value.1", "will", "I have a copy of his will."),
            new SeedPhraseExample("high_value.1", "deed", "We kept the deed to the farm."),
            new SeedPhraseExample("high_value.1", "diary", "My grandmother kept a diary during the war."),
            new SeedPhraseExample("high_value.1", "journal", "His journal describes the voyage from Cork."),
            new SeedPhraseExample("high_value.1", "letters", "I have the letters he wrote from France."));

    private SeedPhraseExamples() {
    }

    /** The examples {@code detector} does not catch with their expected pattern (empty when all do). */
    public static List<SeedPhraseExample> missedBy(CriticalAlertDetector detector) {
        return ALL.stream()
                .filter(example -> !detector.detect(example.sentence()).patternIds().contains(example.patternId()))
                .toList();
    }
}
