package dev.parley.domain.safety;

import com.google.common.net.InternetDomainName;
import java.net.IDN;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The links of a text: a word with {@code http(s)://} or {@code www.}, or a host name under a public suffix (Guava's
 * {@link InternetDomainName}, the Public Suffix List) followed by a path, with three or more labels, or ending in one
 * of the listed bare suffixes. "Rs.56", "5.30pm", "e.g." and "ok.so" are not links; "i.airtel.in/e/x", "bit.ly/3x",
 * "wa.me/91…" and "shop.com" are. An address of four numbers is an IP address.
 */
final class Links {
    private Links() {
    }

    /**
     * One link: its span {@code [start, end)} in the text searched, its host (lower case, ASCII: an internationalised
     * name in punycode), its registrable domain ({@code example.co.uk}; the host itself for an IP address) and the
     * host's labels left of it.
     */
    record Link(int start, int end, String host, String registrable, List<String> subdomains, boolean ipAddress,
                boolean punycode) {
        /** The first label of the registrable domain ({@code paypal} of {@code paypal.com}). */
        String label() {
            int dot = registrable.indexOf('.');
            return dot < 0 ? registrable : registrable.substring(0, dot);
        }

        /**
         * An IP address of this machine or a private network (127/8, 10/8, 172.16/12, 192.168/16, 169.254/16): such a
         * link cannot lead a reader elsewhere on the internet. Parley's own links point at its listener.
         */
        boolean local() {
            if (!ipAddress) return false;
            String[] p = host.split("\\.");
            int a = Integer.parseInt(p[0]);
            int b = Integer.parseInt(p[1]);
            return a == 127 || a == 10 || a == 172 && b >= 16 && b <= 31 || a == 192 && b == 168
                    || a == 169 && b == 254;
        }
    }

    /** Every link of {@code text} (normalised: lower case), in order. */
    static List<Link> in(String text, Set<String> bareSuffixes) {
        List<Link> links = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) i++;
            if (text.indexOf('.', start) < i && text.indexOf('.', start) >= 0) {
                link(text, start, i, bareSuffixes).ifPresent(links::add);
            }
        }
        return links;
    }

    /** The link in the word {@code [from, to)}, if any. */
    private static Optional<Link> link(String text, int from, int to, Set<String> bareSuffixes) {
        String word = text.substring(from, to);
        int http = word.indexOf("http://");
        int https = word.indexOf("https://");
        int scheme = http < 0 ? https : https < 0 ? http : Math.min(http, https);
        int hostStart;
        boolean explicit;
        if (scheme >= 0) {
            hostStart = word.indexOf("://", scheme) + 3;
            explicit = true;
        } else {
            int dot = word.indexOf('.');
            hostStart = dot;
            while (hostStart > 0 && hostChar(word.charAt(hostStart - 1))) hostStart--;
            if (hostStart > 0 && word.charAt(hostStart - 1) == '@') return Optional.empty(); // an e-mail address
            explicit = word.startsWith("www.", hostStart);
        }
        int hostEnd = hostStart;
        while (hostEnd < word.length() && (hostChar(word.charAt(hostEnd)) || word.charAt(hostEnd) == '.')) hostEnd++;
        if (hostEnd < word.length() && word.charAt(hostEnd) == '@') return Optional.empty();
        String host = word.substring(hostStart, hostEnd);
        while (host.endsWith(".") || host.endsWith("-")) host = host.substring(0, host.length() - 1);
        if (host.isEmpty() || host.indexOf('.') < 0) return Optional.empty();
        int end = hostStart + host.length();
        // a port, a path, a query: the rest of the word, without the punctuation that ends a sentence
        int rest = end;
        boolean followed = hostEnd < word.length() && "/:?#".indexOf(word.charAt(hostEnd)) >= 0;
        if (hostStart + host.length() == hostEnd && followed) {
            rest = word.length();
            while (rest > hostEnd && ".,;:!?)]}'\"".indexOf(word.charAt(rest - 1)) >= 0) rest--;
        }
        boolean path = rest > end + 1;
        if (isIpAddress(host)) {
            return Optional.of(new Link(from + hostStart, from + Math.max(rest, end), host, host, List.of(), true,
                    false));
        }
        String ascii;
        try {
            ascii = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        InternetDomainName name;
        try {
            name = InternetDomainName.from(ascii);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (!name.isUnderPublicSuffix()) return Optional.empty();
        List<String> parts = name.parts();
        if (!explicit && !path && parts.size() < 3 && !bareSuffixes.contains(parts.getLast())) return Optional.empty();
        String registrable = name.topPrivateDomain().toString();
        int registrableLabels = InternetDomainName.from(registrable).parts().size();
        List<String> subdomains = List.copyOf(parts.subList(0, parts.size() - registrableLabels));
        boolean punycode = parts.stream().anyMatch(p -> p.startsWith("xn--"));
        return Optional.of(new Link(from + hostStart, from + Math.max(rest, end), ascii, registrable, subdomains, false,
                punycode));
    }

    private static boolean hostChar(char c) {
        return Character.isLetterOrDigit(c) || c == '-';
    }

    private static boolean isIpAddress(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) return false;
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(Character::isDigit) || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return true;
    }
}
