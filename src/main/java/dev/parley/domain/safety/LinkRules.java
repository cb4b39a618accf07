package dev.parley.domain.safety;

import java.util.List;
import java.util.Objects;

/**
 * The {@code links} section of {@code safety.json} (issue 35): what makes a link in a message a financial-scam signal.
 * Link shorteners hide where a link goes; a link whose address imitates a brand's (a look-alike domain), an address
 * that is a bare IP number, and a message that names a brand while linking somewhere else are what today's smishing
 * looks like. Each adds its weight to {@link RiskCategory#FINANCIAL_SCAM}, once per message; lexicon entries marked
 * {@code "context": "link"} (asks for credentials or money, pretexts, urgency) count only in a message that carries a
 * link to somewhere other than a listed brand's own site.
 *
 * @param weights      what each link signal adds to the category's score (0 turns it off)
 * @param shorteners   registrable domains of link shorteners ({@code bit.ly})
 * @param chatLinks    hosts whose links open a chat with whoever made them ({@code wa.me/<number>}): never a brand's
 *                     own site, although the service is one
 * @param bareSuffixes top-level domains that make a two-label word without scheme or path a link ({@code shop.com}
 *                     is one, {@code ok.so} is a typo): any public suffix counts with {@code http://}, {@code www.},
 *                     a path or a third label
 * @param brands       brands that are impersonated, with the domains that are really theirs
 */
public record LinkRules(Weights weights, List<String> shorteners, List<String> chatLinks, List<String> bareSuffixes,
                        List<Brand> brands) {
    /** No link signals: links are still found (so {@code "context": "link"} entries work), none weighs anything. */
    public static final LinkRules NONE = new LinkRules(new Weights(0, 0, 0, 0), List.of(), List.of(), List.of(),
            List.of());

    public LinkRules {
        Objects.requireNonNull(weights, "weights");
        shorteners = List.copyOf(shorteners);
        chatLinks = List.copyOf(chatLinks);
        bareSuffixes = List.copyOf(bareSuffixes);
        brands = List.copyOf(brands);
    }

    /** What each link signal weighs; each in [0, 100]. */
    public record Weights(double shortener, double lookalike, double brandMismatch, double ipAddress) {
        public Weights {
            for (double w : new double[] {shortener, lookalike, brandMismatch, ipAddress}) {
                if (!(w >= 0) || w > 100) throw new IllegalArgumentException("links.weights: each must be in [0, 100]");
            }
        }
    }

    /**
     * A brand: its {@code name} (shown in explanations), the phrases that {@code mention} it in a message (matched like
     * lexicon phrases) and its own registrable {@code domains} (a link to one of them, or to a subdomain, is the
     * brand's own).
     */
    public record Brand(String name, List<String> mentions, List<String> domains) {
        public Brand {
            Objects.requireNonNull(name, "name");
            mentions = List.copyOf(mentions);
            domains = List.copyOf(domains);
            if (domains.isEmpty()) throw new IllegalArgumentException("links.brands '" + name + "': no domains");
        }
    }
}
