package dev.parley.domain.buyer;

/**
 * The Gatekeeper's verdict (seed 003's {@code GatekeeperResult}): ok, or the violated check and a hint the
 * Polisher can act on.
 */
public record GatekeeperResult(boolean ok, String violation, String hint) {
    public static final GatekeeperResult OK = new GatekeeperResult(true, null, null);

    public static GatekeeperResult fail(String violation, String hint) {
        return new GatekeeperResult(false, violation, hint);
    }
}
