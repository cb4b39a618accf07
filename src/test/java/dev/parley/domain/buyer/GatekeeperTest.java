package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Seed 003's Verification Plan: Gatekeeper length limits, garbage, PII, profanity and context checks. */
class GatekeeperTest {

    private static String repeat(String s, int n) {
        return s.repeat(n);
    }

    @Test
    void lengthLimits800For_firstAndResults320ForFollowUps() {
        var text = ("Found 2 options near Detroit: 18,000 sqft in Commerce Twp with dock doors, available now, "
                + "about $1.15/sqft; and 12,500 sqft in Pontiac with drive-in access from March 1, about $0.95/sqft. "
                + "Both take short terms. Want details on either? I can also widen the search to Warren, Troy, "
                + "Livonia or Romulus if you need more space or a different budget.");  // over 320
        assertThat(text.length()).isBetween(321, 800);
        assertThat(Gatekeeper.check(text, SmsKind.RESULTS).ok()).isTrue();
        assertThat(Gatekeeper.check(text, SmsKind.FIRST).ok()).isTrue();
        var followUp = Gatekeeper.check(text, SmsKind.FOLLOW_UP);
        assertThat(followUp.violation()).isEqualTo("too_long");
        assertThat(followUp.hint()).contains("320");
        assertThat(Gatekeeper.check("a".repeat(10) + " ok. ".repeat(200), SmsKind.RESULTS).violation())
                .isEqualTo("too_long");
    }

    @Test
    void theContentChecksAloneIgnoreTheLengthButNothingElse() {
        var longButClean = "The yard behind building B is fenced and lit. ".repeat(3) + "Trucks enter by the north gate "
                + "with a code. Reefers plug into shore power along the east fence. Cars park by the office. "
                + "Twelve trailers fit, up to 53 ft each, and the site manager walks you through it at check-in.";
        assertThat(longButClean.length()).isGreaterThan(320);
        assertThat(Gatekeeper.check(longButClean, SmsKind.FOLLOW_UP).violation()).isEqualTo("too_long");
        assertThat(Gatekeeper.checkContent(longButClean, SmsKind.FOLLOW_UP).ok()).isTrue();
        assertThat(Gatekeeper.checkContent(longButClean + " Call 248-555-0199 or 248-555-0142.", SmsKind.FOLLOW_UP)
                .violation()).isEqualTo("pii_leak");
        assertThat(Gatekeeper.checkContent("  ", SmsKind.FOLLOW_UP).violation()).isEqualTo("empty");
    }

    @Test
    void garbage() {
        var words = " Found a great space in Detroit with dock doors and office space nearby, available now.";
        assertThat(Gatekeeper.check(repeat("x", 41) + words, SmsKind.FOLLOW_UP).violation()).isEqualTo("garbage");
        assertThat(Gatekeeper.check(repeat("x", 40) + words, SmsKind.FOLLOW_UP).ok()).isTrue();
        assertThat(Gatekeeper.check("$$ 1,234.56 ## 789 -- 42 ?? %%", SmsKind.FOLLOW_UP).violation())
                .isEqualTo("garbage");
        assertThat(Gatekeeper.check("space space space space space space left", SmsKind.FOLLOW_UP).violation())
                .isEqualTo("garbage");
        assertThat(Gatekeeper.check("space space space space space left", SmsKind.FOLLOW_UP).ok()).isTrue();
    }

    @Test
    void piiLeakMeansMoreThanOnePhoneOrEmail() {
        assertThat(Gatekeeper.check("You can call the owner at 313-555-0101 or the manager at (248) 555-0140 "
                + "anytime.", SmsKind.FOLLOW_UP).violation()).isEqualTo("pii_leak");
        assertThat(Gatekeeper.check("Write to the owner at owner@example.com or the manager at ops@example.com.",
                SmsKind.FOLLOW_UP).violation()).isEqualTo("pii_leak");
        assertThat(Gatekeeper.check("You can reach our leasing office at 313-555-0101.", SmsKind.FOLLOW_UP).ok())
                .isTrue();
        assertThat(Gatekeeper.check("About $1.15/sqft for 18,000 sqft with 400 amp power.", SmsKind.FOLLOW_UP).ok())
                .isTrue();
    }

    @Test
    void profanity() {
        assertThat(Gatekeeper.check("That shit is cheap", SmsKind.FOLLOW_UP).violation()).isEqualTo("profanity");
        assertThat(Gatekeeper.check("Scunthorpe and Dickinson are fine", SmsKind.FOLLOW_UP).ok()).isTrue();
    }

    @Test
    void contextChecks() {
        assertThat(Gatekeeper.check("Ready to move forward? Sign here.", SmsKind.COMMITMENT).violation())
                .isEqualTo("missing_link");
        assertThat(Gatekeeper.check("Sign here: https://wex.co/g/abc123", SmsKind.COMMITMENT).ok()).isTrue();
        assertThat(Gatekeeper.check("Sounds good!", SmsKind.TOUR).violation()).isEqualTo("missing_scheduling");
        assertThat(Gatekeeper.check("I'll get that tour set up.", SmsKind.TOUR).ok()).isTrue();
        assertThat(Gatekeeper.check("Let me find out.", SmsKind.ESCALATION_WAIT).violation())
                .isEqualTo("missing_time_commitment");
        assertThat(Gatekeeper.check("Let me find out. I'll text you back within a couple hours.",
                SmsKind.ESCALATION_WAIT).ok()).isTrue();
    }

    @Test
    void neverReplyOneTwoThreeAndNoRawSlots() {
        assertThat(Gatekeeper.check("Found 2 options. Reply 1 or 2.", SmsKind.RESULTS).violation())
                .isEqualTo("numbered_reply");
        assertThat(Gatekeeper.check("Update on {property}", SmsKind.FOLLOW_UP).violation()).isEqualTo("unfilled_slot");
        assertThat(Gatekeeper.check("Tour at [address] today", SmsKind.FOLLOW_UP).violation())
                .isEqualTo("unfilled_slot");
    }

    @Test
    void emptyIsRefused() {
        assertThat(Gatekeeper.check(" ", SmsKind.FOLLOW_UP).ok()).isFalse();
    }
}
