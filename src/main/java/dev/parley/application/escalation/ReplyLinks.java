package dev.parley.application.escalation;

import java.util.Base64;

/** The Reply Tool's links: {@code <base>/reply/<token>}, the token random and unguessable (32 bytes). */
public final class ReplyLinks {
    public static final String PATH = "/reply/";
    private final java.util.function.Supplier<String> baseUrl;
    private final java.util.Random random;

    /** @param baseUrl where the listener is reachable, asked each time (the port is known once it listens) */
    /**
     * @param random a SecureRandom in production; a seeded Random only where runs must repeat exactly (replays)
     */
    public ReplyLinks(java.util.function.Supplier<String> baseUrl, java.util.Random random) {
        this.baseUrl = baseUrl;
        this.random = random;
    }

    public String url(String token) {
        return baseUrl.get().replaceAll("/+$", "") + PATH + token;
    }

    /** A link to another page of the listener: {@code <base><path><token>} (the guarantee page: {@code /g/}). */
    public String url(String path, String token) {
        return baseUrl.get().replaceAll("/+$", "") + path + token;
    }

    /** A shorter token for links sent by SMS: 16 random bytes (128 bits), 22 characters. */
    public String newShortToken() {
        var bytes = new byte[16];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public static boolean wellFormedShort(String token) {
        return token != null && token.matches("[A-Za-z0-9_-]{22}");
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
