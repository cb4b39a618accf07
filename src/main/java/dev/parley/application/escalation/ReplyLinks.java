package dev.parley.application.escalation;

import java.security.SecureRandom;
import java.util.Base64;

/** The Reply Tool's links: {@code <base>/reply/<token>}, the token random and unguessable (32 bytes). */
public final class ReplyLinks {
    public static final String PATH = "/reply/";
    private final java.util.function.Supplier<String> baseUrl;
    private final SecureRandom random;

    /** @param baseUrl where the listener is reachable, asked each time (the port is known once it listens) */
    public ReplyLinks(java.util.function.Supplier<String> baseUrl, SecureRandom random) {
        this.baseUrl = baseUrl;
        this.random = random;
    }

    public String url(String token) {
        return baseUrl.get().replaceAll("/+$", "") + PATH + token;
    }

    public String newToken() {
        var bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** A token has this shape; anything else is not looked up at all. */
    public static boolean wellFormed(String token) {
        return token != null && token.matches("[A-Za-z0-9_-]{43}");
    }
}
