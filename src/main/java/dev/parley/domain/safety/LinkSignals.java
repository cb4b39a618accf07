package dev.parley.domain.safety;

import dev.parley.domain.alert.TermFinder;
import dev.parley.domain.alert.TermHit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link LinkRules} compiled: the financial-scam signals of a text's links (issue 35). For each message, at most once
 * each: a link through a shortener; a link whose address imitates a listed brand's without being one of its domains
 * (the brand's name as a label or a token of it, "usps-redelivery.top", "paypal.com.secure-login.net"; the same name
 * once digits and look-alike letters are read as letters, "paypa1", "arnazon"; one letter off a name of six or more,
 * "amazom"; any internationalised, punycode, name); a bare IP address; a brand named in the text and a link to
 * somewhere that is not its own. Whether the message carries a link to somewhere other than a listed brand's own
 * site (a chat link, {@code wa.me/<number>}, is anyone's) decides whether the lexicon's {@code "context": "link"}
 * entries count. Immutable and thread-safe.
 */
final class LinkSignals {
    static final String SHORTENER = "links.shortener";
    static final String LOOKALIKE = "links.lookalike";
    static final String BRAND_MISMATCH = "links.brand_mismatch";
    static final String IP_ADDRESS = "links.ip_address";

    /** One link signal's weight, counted once per message. */
    record Source(String id, double weight) implements SignalSource {
        @Override
        public int maxTerms() {
            return 1;
        }

        @Override
        public RiskLevel floor() {
            return RiskLevel.NONE;
        }

        @Override
        public boolean dropsSentence() {
            return false;
        }

        @Override
        public boolean linkOnly() {
            return false;
        }
    }

    /** A link signal found: its source, the term that explains it, its span in the normalised text. */
    record Finding(Source source, String term, int start, int end) {
    }

    /**
     * A text's links as scam signals: what was found, and whether a link leads somewhere other than a listed brand's
     * own site (then the {@code "context": "link"} entries count).
     */
    record Analysis(List<Finding> findings, boolean foreignLink) {
        static final Analysis NONE = new Analysis(List.of(), false);
    }

    private record BrandLabel(String label, LinkRules.Brand brand) {
    }

    private final Set<String> bareSuffixes;
    private final Set<String> shorteners;
    private final List<String> chatLinks;
    private final Map<String, LinkRules.Brand> ownDomains = new HashMap<>();
    private final List<BrandLabel> labels = new ArrayList<>();
    private final TermFinder mentions;
    private final Map<String, List<LinkRules.Brand>> byMention = new HashMap<>();
    private final Source shortener;
    private final Source lookalike;
    private final Source mismatch;
    private final Source ipAddress;

    /** {@code mentions}: every brand's mention phrases compiled (null when there are none). */
    LinkSignals(LinkRules rules, TermFinder mentions, java.util.function.UnaryOperator<String> normalize) {
        this.bareSuffixes = Set.copyOf(rules.bareSuffixes());
        this.shorteners = Set.copyOf(rules.shorteners());
        this.chatLinks = rules.chatLinks();
        this.mentions = mentions;
        for (LinkRules.Brand brand : rules.brands()) {
            Set<String> brandLabels = new LinkedHashSet<>();
            for (String domain : brand.domains()) {
                ownDomains.put(domain, brand);
                String label = domain.substring(0, domain.indexOf('.') < 0 ? domain.length() : domain.indexOf('.'));
                if (label.length() >= 3) brandLabels.add(skeleton(label));
            }
            for (String label : brandLabels) labels.add(new BrandLabel(label, brand));
            for (String m : brand.mentions()) {
                byMention.computeIfAbsent(normalize.apply(m), k -> new ArrayList<>()).add(brand);
            }
        }
        var w = rules.weights();
        this.shortener = new Source(SHORTENER, w.shortener());
        this.lookalike = new Source(LOOKALIKE, w.lookalike());
        this.mismatch = new Source(BRAND_MISMATCH, w.brandMismatch());
        this.ipAddress = new Source(IP_ADDRESS, w.ipAddress());
    }

    /** The link signals of {@code normalized} text. */
    Analysis analyse(String normalized) {
        if (normalized.indexOf('.') < 0) return Analysis.NONE;
        List<Links.Link> links = Links.in(normalized, bareSuffixes);
        if (links.isEmpty()) return Analysis.NONE;
        List<Finding> found = new ArrayList<>();
        boolean foreign = false;
        Set<LinkRules.Brand> imitated = new HashSet<>();
        for (Links.Link link : links) {
            if (link.local()) continue; // an address on this machine or network (Parley's own links): no one's scam
            LinkRules.Brand own = ownerOf(link);
            if (own == null) foreign = true;
            if (link.ipAddress()) {
                add(found, ipAddress, "ip address " + link.host(), link);
                continue;
            }
            if (own == null && shorteners.contains(link.registrable())) {
                add(found, shortener, "shortener " + link.registrable(), link);
            }
            if (own != null) continue;
            if (link.punycode()) {
                add(found, lookalike, "look-alike " + link.host() + " (internationalised name)", link);
                continue;
            }
            LinkRules.Brand copied = imitates(link);
            if (copied != null) {
                imitated.add(copied);
                add(found, lookalike, "look-alike " + link.registrable() + " (" + copied.name() + ")", link);
            }
        }
        if (foreign && mentions != null) {
            for (TermHit hit : mentions.find(normalized)) {
                for (LinkRules.Brand brand : byMention.getOrDefault(hit.term(), List.of())) {
                    if (imitated.contains(brand)) continue;
                    for (Links.Link link : links) {
                        if (link.ipAddress() || link.local() || ownerOf(link) == brand
                                || ownDomains.containsKey(link.registrable())) {
                            continue;
                        }
                        add(found, mismatch, brand.name() + " named, link to " + link.registrable(), link);
                        break;
                    }
                }
            }
        }
        return new Analysis(List.copyOf(found), foreign);
    }

    private static void add(List<Finding> found, Source source, String term, Links.Link link) {
        if (source.weight() > 0) found.add(new Finding(source, term, link.start(), link.end()));
    }

    /**
     * The listed brand whose own domain (or a subdomain of it) the link goes to, or null: also for an IP address and
     * a chat link ({@code wa.me/<number>} is a chat with whoever owns the number).
     */
    private LinkRules.Brand ownerOf(Links.Link link) {
        if (link.ipAddress()) return null;
        for (String chat : chatLinks) {
            if (link.host().equals(chat) || link.host().endsWith("." + chat)) return null;
        }
        LinkRules.Brand brand = ownDomains.get(link.registrable());
        if (brand != null) return brand;
        // a brand's domain under a private suffix the list knows (blogspot.com, github.io…): match on the host
        for (var e : ownDomains.entrySet()) {
            if (link.host().equals(e.getKey()) || link.host().endsWith("." + e.getKey())) return e.getValue();
        }
        return null;
    }

    /** The listed brand the link's address imitates, or null. */
    private LinkRules.Brand imitates(Links.Link link) {
        List<String> candidates = new ArrayList<>(link.subdomains());
        candidates.add(link.label());
        for (String label : candidates) {
            String plain = skeleton(label);
            for (BrandLabel b : labels) {
                if (imitates(plain, label, b.label())) return b.brand();
            }
        }
        return null;
    }

    private static boolean imitates(String plain, String raw, String brand) {
        if (plain.equals(brand)) return true;
        for (String token : raw.split("[-_]")) {
            if (!token.isEmpty() && skeleton(token).equals(brand)) return true;
        }
        if (brand.length() >= 5 && plain.contains(brand)) return true;
        return brand.length() >= 6 && Math.abs(plain.length() - brand.length()) <= 1 && oneEditApart(plain, brand);
    }

    /**
     * A label read as the letters it imitates: digits and symbols that look like letters ({@code 0} o, {@code 1} l,
     * {@code 3} e, {@code 4} a, {@code 5} s, {@code 7} t, {@code 8} b), {@code rn} m, {@code vv} w, hyphens dropped.
     */
    static String skeleton(String label) {
        StringBuilder b = new StringBuilder(label.length());
        for (int i = 0; i < label.length(); i++) {
            char c = label.charAt(i);
            switch (c) {
                case '0' -> b.append('o');
                case '1' -> b.append('l');
                case '3' -> b.append('e');
                case '4' -> b.append('a');
                case '5' -> b.append('s');
                case '7' -> b.append('t');
                case '8' -> b.append('b');
                case '-', '_' -> { }
                default -> b.append(c);
            }
        }
        return b.toString().replace("rn", "m").replace("vv", "w");
    }

    /** Damerau-Levenshtein distance exactly 1 (one insertion, deletion, substitution or swap of neighbours). */
    static boolean oneEditApart(String a, String b) {
        if (a.equals(b)) return false;
        if (a.length() == b.length()) {
            int first = -1;
            int differences = 0;
            for (int i = 0; i < a.length(); i++) {
                if (a.charAt(i) != b.charAt(i)) {
                    if (first < 0) first = i;
                    differences++;
                }
            }
            if (differences == 1) return true;
            return differences == 2 && first + 1 < a.length() && a.charAt(first) == b.charAt(first + 1)
                    && a.charAt(first + 1) == b.charAt(first);
        }
        String shorter = a.length() < b.length() ? a : b;
        String longer = a.length() < b.length() ? b : a;
        if (longer.length() - shorter.length() != 1) return false;
        int i = 0;
        while (i < shorter.length() && shorter.charAt(i) == longer.charAt(i)) i++;
        return shorter.substring(i).equals(longer.substring(i + 1));
    }
}
