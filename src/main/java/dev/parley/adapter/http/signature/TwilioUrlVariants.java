package dev.parley.adapter.http.signature;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The URL spellings Twilio may have signed. Twilio's own validators try the URL with the
 * scheme's default port added and with any explicit port removed, because which one Twilio signs
 * depends on how the webhook URL was configured. Plain string surgery, not {@link java.net.URI},
 * so that URLs Twilio accepts but {@code URI} rejects (raw non-ASCII paths, {@code //} paths) still
 * verify.
 */
final class TwilioUrlVariants {

    private TwilioUrlVariants() {}

    /** The URL as given, then without an explicit port, then with the default port added. */
    static Set<String> of(String url) {
        Set<String> variants = new LinkedHashSet<>();
        variants.add(url);
        int schemeEnd = url.indexOf("://");
        if (schemeEnd <= 0) {
            return variants;
        }
        int authorityStart = schemeEnd + 3;
        int authorityEnd = indexOfAny(url, authorityStart, "/?#");
        int hostStart = url.lastIndexOf('@', authorityEnd - 1) + 1;
        hostStart = Math.max(hostStart, authorityStart);
        int portColon = portColon(url, hostStart, authorityEnd);
        if (portColon >= 0) {
            variants.add(url.substring(0, portColon) + url.substring(authorityEnd));
        } else {
            String defaultPort = defaultPort(url.substring(0, schemeEnd));
            if (defaultPort != null) {
                variants.add(url.substring(0, authorityEnd) + ":" + defaultPort + url.substring(authorityEnd));
            }
        }
        return variants;
    }

    /** Index of the ':' that introduces a port in {@code url[hostStart, end)}, or -1. */
    private static int portColon(String url, int hostStart, int end) {
        int searchFrom = hostStart;
        if (hostStart < end && url.charAt(hostStart) == '[') {
            int closing = url.indexOf(']', hostStart);
            if (closing < 0 || closing >= end) {
                return -1;
            }
            searchFrom = closing;
        }
        int colon = url.lastIndexOf(':', end - 1);
        return colon >= searchFrom ? colon : -1;
    }

    private static String defaultPort(String scheme) {
        return switch (scheme.toLowerCase(Locale.ROOT)) {
            case "https" -> "443";
            case "http" -> "80";
            default -> null;
        };
    }

    private static int indexOfAny(String s, int from, String chars) {
        for (int i = from; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return s.length();
    }
}
