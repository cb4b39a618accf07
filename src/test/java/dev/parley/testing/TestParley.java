package dev.parley.testing;

import dev.parley.application.outbox.Sender;
import dev.parley.application.playbook.Playbook;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyApp;
import dev.parley.bootstrap.ParleyConfig;
import dev.parley.domain.message.InboxStatus;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** A real Parley (H2 file store in a temp dir, listener on port 0) for integration tests. */
public final class TestParley implements AutoCloseable {
    public static final String TOKEN = "test-token-0123456789abcdef";
    public static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    public static final String TWILIO_TOKEN = "12345";

    public final ParleyApp app;
    public final Path home;

    static {
        // Read once, when the listener class loads; every test server starts here. 2 s instead of the production
        // 10 s keeps the slow-client test short (bodies here are read in ms).
        System.setProperty("parley.listener.request_timeout", "2");
    }

    private TestParley(ParleyApp app, Path home) {
        this.app = app;
        this.home = home;
    }

    /** Builds Parley in {@code home} without starting any thread: the test drives every step itself. */
    public static TestParley open(Path home, Clock clock, Map<ConfigKey, String> settings) {
        return new TestParley(new ParleyApp(config(home, settings), clock, null), home);
    }

    /** As {@link #open(Path, Clock, Map)}, with extra playbooks installed next to the built-in ones. */
    public static TestParley open(Path home, Clock clock, Map<ConfigKey, String> settings, List<Playbook> playbooks) {
        return new TestParley(new ParleyApp(config(home, settings), clock, null, playbooks), home);
    }

    /** Starts Parley in {@code home} with the given clock, extra settings and optional sender. */
    public static TestParley start(Path home, Clock clock, Map<ConfigKey, String> settings, Sender sender) {
        return start(home, clock, settings, sender, List.of());
    }

    /** As above, with extra playbooks installed next to the built-in ones. */
    public static TestParley start(Path home, Clock clock, Map<ConfigKey, String> settings, Sender sender,
                                   List<Playbook> playbooks) {
        var app = new ParleyApp(config(home, settings), clock, sender, playbooks);
        app.start("127.0.0.1", 0, false);
        return new TestParley(app, home);
    }

    private static ParleyConfig config(Path home, Map<ConfigKey, String> settings) {
        var flags = new EnumMap<ConfigKey, String>(ConfigKey.class);
        flags.put(ConfigKey.API_TOKEN, TOKEN);
        flags.put(ConfigKey.WEBHOOKS_GENERIC_SECRET, SECRET);
        flags.put(ConfigKey.WEBHOOKS_TWILIO_AUTH_TOKEN, TWILIO_TOKEN);
        flags.put(ConfigKey.DB_POOL_SIZE, "8");
        // Pipeline mechanics are tested with the policy-free playbook; policy tests name their playbook.
        flags.put(ConfigKey.PLAYBOOK_DEFAULT, "noop");
        flags.put(ConfigKey.PLAYBOOK_INBOUND, "noop");
        flags.putAll(settings);
        var config = ParleyConfig.load(home, Map.of(), flags, new SecureRandom());
        H2StoreTemplate.seed(config.get(ConfigKey.DB_URL), config.get(ConfigKey.DB_USER),
                config.get(ConfigKey.DB_PASSWORD));
        return config;
    }

    public static TestParley start(Path home) {
        return start(home, Clock.systemUTC(), Map.of(), null);
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + app.port();
    }

    /** A client for this instance's listener. */
    public ParleyHttp http() {
        return new ParleyHttp(baseUrl());
    }

    /** Inbox rows by status, straight from the store. */
    public Map<InboxStatus, Long> inboxCounts() {
        return app.database.transactions().inTransaction(s -> s.inbox().countByStatus());
    }

    @Override
    public void close() {
        app.close();
    }
}
