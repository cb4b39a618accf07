package dev.parley.application.playbook.buyer.agents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.buyer.Gatekeeper;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.fsm.Templates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Seed 003's Gatekeeper + Polisher retry loop: a too-long answer is compressed by the Polisher until the Gatekeeper
 * passes it; after 3 failed rounds the fallback template goes out verbatim. And the Polisher's own contract.
 */
class SmsComposerTest {
    private static final Templates TEMPLATES = new Templates(Map.of(
            "fallback_facility_info", "I can tell you more about this space. What would you like to know?",
            "fallback_search_with_results", "Found some warehouse options that could work. Want me to share the details?"));
    private final OfflinePolisher polisher = new OfflinePolisher();

    private static ResponseContext context(Situation situation, SmsKind kind) {
        return new ResponseContext(situation, kind, Phase.PROPERTY_FOCUSED, Map.of(), List.of(), null,
                new Prompt("", ""));
    }

    @Test
    void aTooLongAnswerIsPolishedUntilTheGatekeeperPassesIt() {
        var wordy = "Actually, the Commerce Twp space basically has 18,000 square feet available, and it "
                + "really has 4 dock doors, a 24 ft clear height and 400 amp 3-phase power, which should definitely "
                + "handle heavy conveyors. It also honestly has a sprinkler system and 20 parking spots. "
                + "Let me know if you have any questions. Want to schedule a tour?";
        assertThat(wordy.length()).isGreaterThan(SmsKind.SHORT_LIMIT);
        var rounds = new ArrayList<String>();
        PolisherAgent counting = c -> {
            rounds.add(c.violation());
            return polisher.polish(c);
        };
        var composer = new SmsComposer(c -> wordy, counting, new ContextBuilder(), TEMPLATES, 3);
        var composed = composer.compose(context(Situation.FACILITY_ANSWER, SmsKind.FOLLOW_UP), null);
        assertThat(composed.mode()).isEqualTo("polished");
        assertThat(composed.text().length()).isLessThanOrEqualTo(SmsKind.SHORT_LIMIT);
        assertThat(Gatekeeper.check(composed.text(), SmsKind.FOLLOW_UP).ok()).isTrue();
        assertThat(composed.text()).contains("18K sqft", "4 dock doors", "24 ft", "400 amp", "20 parking spots",
                "Want to schedule a tour?").doesNotContain("Actually", "basically", "Let me know");
        assertThat(rounds).isNotEmpty().allMatch("too_long"::equals);
    }

    @Test
    void afterThreeFailedRoundsTheSeedsFallbackTemplateGoesOutVerbatim() {
        var garbage = "x".repeat(600);
        var calls = new ArrayList<Integer>();
        PolisherAgent useless = c -> {
            calls.add(c.round());
            return c.text();
        };
        var composer = new SmsComposer(c -> garbage, useless, new ContextBuilder(), TEMPLATES, 3);
        var composed = composer.compose(context(Situation.FACILITY_ANSWER, SmsKind.FOLLOW_UP), null);
        assertThat(calls).containsExactly(1, 2, 3);
        assertThat(composed.mode()).isEqualTo("fallback");
        assertThat(composed.text()).isEqualTo("I can tell you more about this space. What would you like to know?");
        assertThat(composed.violations()).hasSize(4);
    }

    @Test
    void aValidAnswerIsSentAsWrittenAndTheAsideIsKept() {
        var composer = new SmsComposer(c -> "Found 2 options.", polisher, new ContextBuilder(), TEMPLATES, 3);
        var composed = composer.compose(context(Situation.RESULTS, SmsKind.RESULTS), "(Reply STOP anytime to opt out.)");
        assertThat(composed.mode()).isEqualTo("generated");
        assertThat(composed.text()).isEqualTo("Found 2 options. (Reply STOP anytime to opt out.)");
    }

    @Test
    void aFailingResponseAgentCostsNoReply() {
        var composer = new SmsComposer(c -> {
            throw new IllegalStateException("model down");
        }, polisher, new ContextBuilder(), TEMPLATES, 3);
        assertThat(composer.compose(context(Situation.RESULTS, SmsKind.RESULTS), null).text())
                .isEqualTo("Found some warehouse options that could work. Want me to share the details?");
    }

    @Test
    void polisherRemovesFluffAndWhatTheGatekeeperObjectedToButAddsNothing() {
        var c = new PolisherContext("Honestly that's a damn good space, call 313-555-0101 or 248-555-0140. "
                + "Reply 1 for details.", "", "profanity", SmsKind.FOLLOW_UP, 1, new Prompt("", ""));
        assertThat(polisher.polish(c)).isEqualTo("That's a good space, call 313-555-0101 or 248-555-0140. Reply 1 "
                + "for details.");
        var pii = polisher.polish(new PolisherContext("Call 313-555-0101 or 248-555-0140.", "", "pii_leak",
                SmsKind.FOLLOW_UP, 1, new Prompt("", "")));
        assertThat(pii).doesNotContain("555");
        var numbered = polisher.polish(new PolisherContext("Found 2 options. Reply 1 or 2 to pick.", "",
                "numbered_reply", SmsKind.RESULTS, 1, new Prompt("", "")));
        assertThat(numbered).isEqualTo("Found 2 options.");
        var aside = polisher.polish(new PolisherContext("Got it (a nice city). Searching now. (Reply STOP anytime to "
                + "opt out.)", "", "too_long", SmsKind.FOLLOW_UP, 3, new Prompt("", "")));
        assertThat(aside).isEqualTo("Got it. Searching now. (Reply STOP anytime to opt out.)");
    }
}
