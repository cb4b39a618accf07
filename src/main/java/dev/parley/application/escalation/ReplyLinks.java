package dev.parley.application.escalation;

import java.security.SecureRandom;
import java.util.Base64;

/** The Reply Tool's links: {@code <base>/reply/<token>}, the token random and unguessable (32 bytes). */
public final class ReplyLinks {
    public static final String PATH = "/reply/";
    private final String baseUrl;
    private final SecureRandom random;

    public ReplyLinks(String baseUrl, SecureRandom random) {
        this.baseUrl = baseUrl.replaceAll("/+$", "");
        this.random = random;
    }

    public String url(String token) {
        return baseUrl + PATH + token;
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
