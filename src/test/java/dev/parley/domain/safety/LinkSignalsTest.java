package dev.parley.domain.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.LinearTimeTermFinderCompiler;
import dev.parley.domain.alert.TextNormalization;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Links found in text, and what makes one a scam signal (issue 35). */
class LinkSignalsTest {
    static final Set<String> BARE = Set.of("com", "in", "info", "top");
    static final LinkRules RULES = new LinkRules(new LinkRules.Weights(0.5, 1, 0.5, 1), List.of("bit.ly"),
            List.of("wa.me"), List.copyOf(BARE), List.of(
                    new LinkRules.Brand("PayPal", List.of("paypal"), List.of("paypal.com")),
                    new LinkRules.Brand("USPS", List.of("usps"), List.of("usps.com")),
                    new LinkRules.Brand("Amazon", List.of("amazon"), List.of("amazon.com", "amzn.to")),
                    new LinkRules.Brand("GOV.UK", List.of("hmrc"), List.of("gov.uk"))));
    final LinkSignals signals = new LinkSignals(RULES,
            new LinearTimeTermFinderCompiler().compilePhrases(List.of("paypal", "usps", "amazon", "hmrc")),
            TextNormalization::normalize);

    static List<String> hosts(String text) {
        return Links.in(TextNormalization.normalize(text), BARE).stream().map(Links.Link::host).toList();
    }

    LinkSignals.Analysis analyse(String text) {
        return signals.analyse(TextNormalization.normalize(text));
    }

    List<String> found(String text) {
        return analyse(text).findings().stream().map(f -> f.source().id()).toList();
    }

    @Test
    void linksAreWordsWithASchemeWwwAPathOrAKnownSuffixAndNothingElse() {
        assertThat(hosts("Click http://bit.ly/3uU8D31 now")).containsExactly("bit.ly");
        assertThat(hosts("Hurry i.airtel.in/e/csl_ml_2GB, see www.example.org.")).containsExactly("i.airtel.in",
                "www.example.org");
        assertThat(hosts("Directly move N0w OI1.in/2uabg2!8cpr814")).containsExactly("oi1.in");
        assertThat(hosts("simply click wa.me/919654297000?text=balance; shop at shoppersstop.com")).containsExactly(
                "wa.me", "shoppersstop.com");
        assertThat(hosts("visit https://pledge.cvc.nic.in.")).containsExactly("pledge.cvc.nic.in");
        assertThat(hosts("(Click:bit.ly/x)")).containsExactly("bit.ly");
        // not links: amounts, times, abbreviations, a typo between words, an e-mail address, a version
        assertThat(hosts("Rs.56,6OO/- at 5.30pm e.g. i.e. ok.so hi.how are you mail me at ann@example.com v1.2"))
                .isEmpty();
        var ip = Links.in("pay at http://192.168.4.20/pay", BARE);
        assertThat(ip).singleElement().satisfies(l -> assertThat(l.ipAddress()).isTrue());
        assertThat(Links.in(TextNormalization.normalize("restore at аpple.com-support.info"), BARE)).singleElement()
                .satisfies(l -> assertThat(l.punycode()).isTrue());
    }

    @Test
    void theSpanOfALinkCoversItsPathButNotTheFullStopAfterIt() {
        String text = "track at usps-redelivery.top/track.";
        var link = Links.in(text, BARE).getFirst();
        assertThat(text.substring(link.start(), link.end())).isEqualTo("usps-redelivery.top/track");
        assertThat(link.registrable()).isEqualTo("usps-redelivery.top");
    }

    @Test
    void aLookAlikeImitatesABrandsAddressWithoutBeingOneOfItsDomains() {
        assertThat(found("update at usps-redelivery.top/x")).containsExactly(LinkSignals.LOOKALIKE);
        assertThat(found("verify at paypa1.com/login")).containsExactly(LinkSignals.LOOKALIKE);
        assertThat(found("verify at http://paypal.com.secure-login.info/x")).containsExactly(LinkSignals.LOOKALIKE);
        assertThat(found("see arnazon.com/deal")).containsExactly(LinkSignals.LOOKALIKE);
        assertThat(found("see amazom.com/deal")).containsExactly(LinkSignals.LOOKALIKE);
        assertThat(found("restore at аpple.com-support.info")).containsExactly(LinkSignals.LOOKALIKE);
        // the brand's own addresses, its subdomains and unrelated ones are not
        assertThat(found("track at https://tools.usps.com/go/x and amzn.to/3x and www.gov.uk/tax")).isEmpty();
        assertThat(found("see groupsite.com/x")).isEmpty();
    }

    @Test
    void aBrandNamedBesideALinkToSomewhereElseIsAMismatchAShortenerHidesWhereItGoes() {
        assertThat(found("PayPal: your account is limited, see secure-accts.com/x")).containsExactly(
                LinkSignals.BRAND_MISMATCH);
        assertThat(found("Your parcel is on hold: bit.ly/3xYz")).containsExactly(LinkSignals.SHORTENER);
        assertThat(found("pay at http://45.137.21.9/pay")).containsExactly(LinkSignals.IP_ADDRESS);
        // an address on this machine or network leads nowhere else: Parley's own links point at its listener
        assertThat(analyse("sign here when ready: http://127.0.0.1:8787/g/abc").findings()).isEmpty();
        assertThat(analyse("sign here when ready: http://127.0.0.1:8787/g/abc").foreignLink()).isFalse();
        assertThat(found("Saw it on Amazon: https://www.amazon.com/dp/123")).isEmpty();
    }

    @Test
    void onlyALinkToSomewhereOtherThanABrandsOwnSiteCountsAsForeign() {
        assertThat(analyse("Your Amazon order shipped: amazon.com/track").foreignLink()).isFalse();
        assertThat(analyse("no link here, verify your account").foreignLink()).isFalse();
        assertThat(analyse("verify at example.com/login").foreignLink()).isTrue();
        // a chat link is a chat with whoever owns the number, whatever the service
        assertThat(analyse("recruiting now, click wa.me/917993184064").foreignLink()).isTrue();
    }

    @Test
    void skeletonsReadDigitsAsTheLettersTheyImitate() {
        assertThat(LinkSignals.skeleton("paypa1")).isEqualTo("paypal");
        assertThat(LinkSignals.skeleton("arnaz0n")).isEqualTo("amazon");
        assertThat(LinkSignals.oneEditApart("amazom", "amazon")).isTrue();
        assertThat(LinkSignals.oneEditApart("amzaon", "amazon")).isTrue();
        assertThat(LinkSignals.oneEditApart("amazon", "amazon")).isFalse();
        assertThat(LinkSignals.oneEditApart("amazing", "amazon")).isFalse();
    }
}
