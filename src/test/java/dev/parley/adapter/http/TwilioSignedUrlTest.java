package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.http.signature.TwilioSignature;
import dev.parley.adapter.http.webhook.FormBody;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.testing.RawHttp;
import dev.parley.testing.TestParley;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which URL a Twilio signature must cover, over real HTTP with the Host and forwarded headers a client chooses: the
 * listener's own address, or what a trusted proxy reports; never a Host header alone.
 */
class TwilioSignedUrlTest {
    static final TwilioSignature TWILIO = new TwilioSignature(TestParley.TWILIO_TOKEN);
    static final AtomicInteger SIDS = new AtomicInteger();

    static String form() {
        return "MessageSid=SMurl" + SIDS.incrementAndGet() + "&AccountSid=AC0123456789abcdef0123456789abcdef"
                + "&From=%2B15550400" + SIDS.get() + "&To=%2B15005550006&Body=hello";
    }

    static RawHttp.Answer post(TestParley parley, String host, String signedUrl, Map<String, String> headers) {
        var form = form();
        var all = new LinkedHashMap<String, String>();
        all.put("Content-Type", "application/x-www-form-urlencoded");
        all.put(TwilioSignature.HEADER, TWILIO.compute(signedUrl,
                FormBody.parse(form.getBytes(StandardCharsets.UTF_8)).asMap()));
        all.putAll(headers);
        return RawHttp.post(parley.app.port(), "/webhooks/twilio", host, all, form);
    }

    @Test
    void aRequestSignedForAnotherHostIs401EvenWithThatHostInItsHostHeader(@TempDir Path home) {
        try (var parley = TestParley.start(home)) {
            var evil = "evil.example:" + parley.app.port();
            assertThat(post(parley, evil, "http://" + evil + "/webhooks/twilio", Map.of()).status()).isEqualTo(401);
            assertThat(post(parley, "evil.example", "http://evil.example/webhooks/twilio",
                    Map.of("X-Forwarded-Proto", "https")).status()).isEqualTo(401);

            var own = "127.0.0.1:" + parley.app.port();
            assertThat(post(parley, evil, "http://" + own + "/webhooks/twilio", Map.of()).status())
                    .as("the listener's own address is what counts, whatever the Host").isEqualTo(200);
        }
    }

    @Test
    void forwardedHeadersCountOnlyFromATrustedProxy(@TempDir Path untrustedHome, @TempDir Path trustedHome) {
        var forwarded = Map.of("X-Forwarded-Proto", "https", "X-Forwarded-Host", "parley.example.com");
        var signedUrl = "https://parley.example.com/webhooks/twilio";
        try (var parley = TestParley.start(untrustedHome)) {
            assertThat(post(parley, "parley.example.com", signedUrl, forwarded).status()).isEqualTo(401);
        }
        try (var parley = TestParley.start(trustedHome, Clock.systemUTC(),
                Map.of(ConfigKey.LISTENER_TRUSTED_PROXIES, "10.0.0.0/8, 127.0.0.1"), null)) {
            assertThat(post(parley, "127.0.0.1", signedUrl, forwarded).status()).isEqualTo(200);
            assertThat(post(parley, "parley.example.com", signedUrl, Map.of("X-Forwarded-Proto", "https")).status())
                    .as("a trusted proxy's Host stands when it sends no X-Forwarded-Host").isEqualTo(200);
            assertThat(post(parley, "127.0.0.1", "https://parley.example.com:8443/webhooks/twilio",
                    Map.of("Forwarded", "for=192.0.2.60;proto=https;host=\"parley.example.com:8443\"")).status())
                    .as("RFC 7239 Forwarded").isEqualTo(200);
            assertThat(post(parley, "127.0.0.1", "https://other.example.com/webhooks/twilio", forwarded).status())
                    .isEqualTo(401);
        }
    }

    @Test
    void trustedProxiesMatchAddressesAndRanges() {
        var proxies = TrustedProxies.parse("10.0.0.0/8, 192.168.1.7, ::1, fd00::/8");
        assertThat(proxies.trusts(address("10.200.3.4"))).isTrue();
        assertThat(proxies.trusts(address("11.0.0.1"))).isFalse();
        assertThat(proxies.trusts(address("192.168.1.7"))).isTrue();
        assertThat(proxies.trusts(address("192.168.1.8"))).isFalse();
        assertThat(proxies.trusts(address("::1"))).isTrue();
        assertThat(proxies.trusts(address("fd12::5"))).isTrue();
        assertThat(proxies.trusts(address("fe80::1"))).isFalse();
        assertThat(TrustedProxies.parse(" ").isEmpty()).isTrue();
        for (var bad : new String[] {"proxy.example.com", "10.0.0.0/33", "10.0.0.1/x", "1.2.3"}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> TrustedProxies.parse(bad))
                    .as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    private static java.net.InetAddress address(String literal) {
        try {
            return java.net.InetAddress.getByName(literal);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
