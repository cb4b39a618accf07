package dev.parley.adapter.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * The reverse proxies whose forwarded headers Parley believes ({@code listener.trusted_proxies}): IP addresses and
 * CIDR ranges, comma-separated, e.g. {@code 127.0.0.1, 10.0.0.0/8, ::1}. A request from anyone else is taken as
 * sent directly, whatever headers it carries. Names are refused: they would be resolved, and DNS can lie.
 */
public final class TrustedProxies {
    public static final TrustedProxies NONE = new TrustedProxies(List.of());

    private record Range(byte[] network, int prefixBits) {
        boolean contains(byte[] address) {
            if (address.length != network.length) return false;
            int bits = prefixBits;
            for (int i = 0; i < address.length && bits > 0; i++, bits -= 8) {
                int mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
                if ((address[i] & mask) != (network[i] & mask)) return false;
            }
            return true;
        }
    }

    private final List<Range> ranges;

    private TrustedProxies(List<Range> ranges) {
        this.ranges = List.copyOf(ranges);
    }

    /** Parses the setting; blank means none. @throws IllegalArgumentException naming the entry that is not valid */
    public static TrustedProxies parse(String value) {
        var ranges = new ArrayList<Range>();
        for (var raw : value.split(",")) {
            var entry = raw.strip();
            if (entry.isEmpty()) continue;
            var slash = entry.indexOf('/');
            var literal = slash < 0 ? entry : entry.substring(0, slash);
            boolean ipv4 = literal.matches("\\d{1,3}(\\.\\d{1,3}){3}");
            boolean ipv6 = literal.contains(":") && literal.matches("[0-9A-Fa-f:.]+");
            if (!ipv4 && !ipv6) {
                throw new IllegalArgumentException("'" + entry + "' is not an IP address or CIDR range");
            }
            byte[] address;
            try {
                address = InetAddress.getByName(literal).getAddress();
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("'" + entry + "' is not an IP address or CIDR range");
            }
            int bits = address.length * 8;
            if (slash >= 0) {
                try {
                    bits = Integer.parseInt(entry.substring(slash + 1));
                } catch (NumberFormatException e) {
                    bits = -1;
                }
                if (bits < 0 || bits > address.length * 8) {
                    throw new IllegalArgumentException("'" + entry + "' has an invalid prefix length");
                }
            }
            ranges.add(new Range(address, bits));
        }
        return ranges.isEmpty() ? NONE : new TrustedProxies(ranges);
    }

    public boolean trusts(InetAddress address) {
        if (address == null) return false;
        var bytes = address.getAddress();
        return ranges.stream().anyMatch(r -> r.contains(bytes));
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }
}
