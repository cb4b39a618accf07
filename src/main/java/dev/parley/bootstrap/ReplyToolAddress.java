package dev.parley.bootstrap;

import java.security.SecureRandom;
import java.util.Random;

/** Where the Reply Tool's links point, and what makes their tokens unguessable. */
public final class ReplyToolAddress {
    private ReplyToolAddress() {
    }

    /**
     * {@code reply_tool.base_url}, else this listener's own address (reachable from this machine only, unless the
     * listener is bound to the network).
     */
    public static String baseUrl(ParleyConfig config, int listeningPort) {
        var configured = config.get(ConfigKey.REPLY_TOOL_BASE_URL);
        if (configured != null && !configured.isEmpty()) return configured;
        var host = config.get(ConfigKey.LISTENER_BIND);
        if (host.contains(":")) host = "[" + host + "]";
        return "http://" + host + ":" + (listeningPort > 0 ? listeningPort : config.getInt(ConfigKey.LISTENER_PORT));
    }

    /**
     * Link tokens (Reply Tool, guarantee pages) come from a SecureRandom, unless the caller seeded a plain Random on
     * purpose (replays), so that a replay's transcript is the same on every run.
     */
    static Random linkRandom(Random random) {
        return random instanceof SecureRandom || random.getClass() == Random.class ? random : new SecureRandom();
    }
}
