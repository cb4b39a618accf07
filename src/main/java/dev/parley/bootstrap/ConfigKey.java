package dev.parley.bootstrap;

import dev.parley.adapter.http.TrustedProxies;
import java.net.InetAddress;
import java.net.URI;
import java.util.Base64;
import java.util.List;
import java.util.function.Consumer;

/** Every key of parley.properties with its default and its check (docs/configuration.md lists them). */
public enum ConfigKey {
    LISTENER_BIND("listener.bind", "127.0.0.1", ConfigKey::address),
    LISTENER_PORT("listener.port", "8787", v -> integer(v, 0, 65535)),
    LISTENER_ALLOW_REMOTE("listener.allow_remote", "false", ConfigKey::bool),
    DB_URL("db.url", "", StoreUrl::check),
    DB_USER("db.user", "sa", v -> { }),
    DB_PASSWORD("db.password", "", v -> { }),
    DB_POOL_SIZE("db.pool_size", "12", v -> integer(v, 2, 200)),
    API_TOKEN("api.token", "", v -> {
        if (!v.isEmpty() && v.length() < 16) throw new IllegalArgumentException("must be at least 16 characters");
    }),
    WEBHOOKS_GENERIC_SECRET("webhooks.generic.secret", "", ConfigKey::whsec),
    WEBHOOKS_GENERIC_INSECURE("webhooks.generic.insecure", "false", ConfigKey::bool),
    WEBHOOKS_TWILIO_AUTH_TOKEN("webhooks.twilio.auth_token", "", v -> { }),
    WEBHOOKS_TWILIO_PUBLIC_URL("webhooks.twilio.public_url", "", ConfigKey::urlOrEmpty),
    SENDER("sender", "local", v -> oneOf(v, List.of("local", "twilio", "webhook", "aircall"))),
    TWILIO_ACCOUNT_SID("twilio.account_sid", "", v -> { }),
    TWILIO_FROM("twilio.from", "", v -> { }),
    TWILIO_BASE_URL("twilio.base_url", "https://api.twilio.com", ConfigKey::urlOrEmpty),
    SENDER_WEBHOOK_URL("sender.webhook.url", "", ConfigKey::urlOrEmpty),
    SENDER_WEBHOOK_SECRET("sender.webhook.secret", "", ConfigKey::whsec),
    PLAYBOOK_DEFAULT("playbook.default", "outreach", v -> {
        if (!v.matches("[a-z][a-z0-9-]{0,63}")) throw new IllegalArgumentException("not a playbook name");
    }),
    PLAYBOOK_INBOUND("playbook.inbound", "assistant", v -> {
        if (!v.matches("[a-z][a-z0-9-]{0,63}")) throw new IllegalArgumentException("not a playbook name");
    }),
    ASSISTANT_DEFAULT_PROFILE("assistant.default_profile", "general", v -> {
        if (!v.matches("[a-z][a-z0-9_-]{0,63}")) throw new IllegalArgumentException("not a profile name");
    }),
    ASSISTANT_TIME_ZONE("assistant.time_zone", "UTC", v -> {
        try {
            java.time.ZoneId.of(v);
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException("not a time zone (e.g. UTC, Europe/Dublin)");
        }
    }),
    /** The personal inbox user's zone: the guardian playbook's quiet hours (seed 002, docs/playbooks/guardian.md). */
    GUARDIAN_TIME_ZONE("guardian.time_zone", "UTC", v -> {
        try {
            java.time.ZoneId.of(v);
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException("not a time zone (e.g. UTC, Europe/Dublin)");
        }
    }),
    /** The team's zone: quiet hours of a recipient whose own zone is unknown (issue 35); empty: the machine's. */
    TEAM_TIME_ZONE("team.time_zone", "", v -> {
        if (v.isEmpty()) return;
        try {
            java.time.ZoneId.of(v);
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException("not a time zone (e.g. UTC, Europe/Dublin), or empty for the machine's");
        }
    }),
    ASSISTANT_SPEECH("assistant.speech", "false", ConfigKey::bool),
    ASSISTANT_SEMANTIC_RECALL("assistant.semantic_recall", "true", ConfigKey::bool),
    ASSISTANT_MCP_SERVERS("assistant.mcp_servers", "", v -> {
        if (v.isBlank()) return;
        for (var entry : v.split(",")) {
            var parts = entry.strip().split("=", 2);
            if (parts.length != 2 || !parts[0].strip().matches("[a-z][a-z0-9_-]{0,31}")) {
                throw new IllegalArgumentException("must be name=url[,name=url…]");
            }
            urlOrEmpty(parts[1].strip());
        }
    }),
    MODEL_PROVIDER("model.provider", "offline", v -> oneOf(v, List.of("offline", "openai"))),
    MODEL_BASE_URL("model.base_url", "http://127.0.0.1:11434/v1", ConfigKey::urlOrEmpty),
    MODEL_NAME("model.name", "", v -> {
        if (v.length() > 255) throw new IllegalArgumentException("longer than 255 characters");
    }),
    MODEL_API_KEY("model.api_key", "", v -> { }),
    MODEL_CONNECT_TIMEOUT("model.connect_timeout", "5", v -> integer(v, 1, 600)),
    MODEL_READ_TIMEOUT("model.read_timeout", "60", v -> integer(v, 1, 3600)),
    MODEL_MAX_RETRIES("model.max_retries", "2", v -> integer(v, 0, 10)),
    MODEL_MAX_RETRY_WAIT("model.max_retry_wait", "20", v -> integer(v, 0, 600)),
    MODEL_MAX_CONCURRENCY("model.max_concurrency", Integer.toString(
            dev.parley.application.model.ModelConcurrency.DEFAULT), v -> integer(v, 1, 256)),
    MODEL_CIRCUIT_FAILURES("model.circuit.failures", "5", v -> integer(v, 1, 1000)),
    MODEL_CIRCUIT_OPEN_SECONDS("model.circuit.open_seconds", "60", v -> integer(v, 1, 86_400)),
    MODEL_CASSETTE("model.cassette", "", v -> {
        if (!v.isEmpty() && !v.matches("(record|replay):.+")) {
            throw new IllegalArgumentException("must be record:DIR or replay:DIR");
        }
    }),
    MODEL_DEBUG_RECORDING("model.debug_recording", "false", ConfigKey::bool),
    LISTENER_TRUSTED_PROXIES("listener.trusted_proxies", "", TrustedProxies::parse),
    // buyer-sms (issue 12): Aircall, playbook per webhook or number, escalation e-mail, Reply Tool
    WEBHOOKS_AIRCALL_TOKEN("webhooks.aircall.token", "", v -> { }),
    WEBHOOKS_AIRCALL_PLAYBOOK("webhooks.aircall.playbook", "", ConfigKey::playbookOrEmpty),
    WEBHOOKS_TWILIO_PLAYBOOK("webhooks.twilio.playbook", "", ConfigKey::playbookOrEmpty),
    PLAYBOOK_NUMBERS("playbook.numbers", "", ConfigKey::numberPlaybooks),
    AIRCALL_API_ID("aircall.api_id", "", v -> { }),
    AIRCALL_API_TOKEN("aircall.api_token", "", v -> { }),
    AIRCALL_NUMBER_ID("aircall.number_id", "", v -> {
        if (!v.isEmpty() && !v.matches("\\d{1,18}")) throw new IllegalArgumentException("must be Aircall's numeric id");
    }),
    AIRCALL_BASE_URL("aircall.base_url", "https://api.aircall.io", ConfigKey::urlOrEmpty),
    SMTP_HOST("smtp.host", "", v -> { }),
    SMTP_PORT("smtp.port", "587", v -> integer(v, 1, 65535)),
    SMTP_USERNAME("smtp.username", "", v -> { }),
    SMTP_PASSWORD("smtp.password", "", v -> { }),
    SMTP_FROM("smtp.from", "", ConfigKey::emailOrEmpty),
    SMTP_SECURITY("smtp.security", "starttls", v -> oneOf(v, List.of("starttls", "ssl", "none"))),
    ESCALATION_EMAIL_TO("escalation.email_to", "", ConfigKey::emailsOrEmpty),
    REPLY_TOOL_BASE_URL("reply_tool.base_url", "", ConfigKey::urlOrEmpty),
    PLAYBOOK_CHAT("playbook.chat", "chime-in", v -> {
        if (!v.matches("[a-z][a-z0-9-]{0,63}")) throw new IllegalArgumentException("not a playbook name");
    }),
    CHIMEIN_BOT_NAME("chimein.bot_name", "parley", v -> {
        if (!v.matches("[A-Za-z0-9_]{1,64}")) {
            throw new IllegalArgumentException("letters, digits and _ only, as in an @handle, at most 64");
        }
    }),
    CHIMEIN_STRATEGY("chimein.strategy", "default", v -> oneOf(v, List.of("default", "seed", "last5"))),
    CHIMEIN_LOOKBACK("chimein.lookback", "20", v -> integer(v, 1, 200)),
    CHIMEIN_TIME_THRESHOLD_MINUTES("chimein.time_threshold_minutes", "60", v -> integer(v, 1, 100_000)),
    WEBHOOKS_TELEGRAM_SECRET("webhooks.telegram.secret", "", v -> {
        if (!v.isEmpty() && !v.matches("[A-Za-z0-9_-]{1,256}")) {
            throw new IllegalArgumentException("1-256 characters A-Z, a-z, 0-9, _ and - (Telegram's secret_token)");
        }
    }),
    TELEGRAM_TOKEN("telegram.token", "", v -> {
        if (!v.isEmpty() && !v.matches("[0-9]+:[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("not a bot token (digits, ':', then letters, digits, _ and -)");
        }
    }),
    TELEGRAM_API_BASE("telegram.api_base", "https://api.telegram.org", ConfigKey::urlOrEmpty),
    TELEGRAM_MODE("telegram.mode", "polling", v -> oneOf(v, List.of("polling", "webhook"))),
    TELEGRAM_POLL_TIMEOUT_SECONDS("telegram.poll_timeout_seconds", "30", v -> integer(v, 0, 50)),
    /** The learned alert heads (issue 14) beside the patterns: on (default) or off (patterns only). */
    ALERTS_MODEL("alerts.model", "on", v -> oneOf(v, List.of("on", "off"))),
    /**
     * Seed 002's soft rewrite and safe summary: {@code deterministic} (the documented rules) or {@code model} (the model
     * gateway's, validated again, the rules when refused or unavailable: ADR 0020).
     */
    SAFETY_REWRITE("safety.rewrite", "deterministic", v -> oneOf(v, List.of("deterministic", "model"))),
    API_EVENTS_SECRET("api.events.secret", "", ConfigKey::whsec),
    /** Team mode (docs/team.md): false runs this process without the HTTP listener (no webhooks, no API). */
    LISTENER_ENABLED("listener.enabled", "true", ConfigKey::bool);

    private final String key;
    private final String defaultValue;
    private final Consumer<String> check;

    ConfigKey(String key, String defaultValue, Consumer<String> check) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.check = check;
    }

    public String key() {
        return key;
    }

    /** The key named {@code name} (as in parley.properties). */
    public static java.util.Optional<ConfigKey> named(String name) {
        return java.util.Arrays.stream(values()).filter(k -> k.key.equals(name)).findFirst();
    }

    public String defaultValue() {
        return defaultValue;
    }

    /** The environment variable that overrides this key: PARLEY_ + key, dots and dashes as underscores. */
    public String environmentVariable() {
        return "PARLEY_" + key.replace('.', '_').replace('-', '_').toUpperCase();
    }

    void check(String value) {
        try {
            check.accept(value);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, e.getMessage() + " (got '" + printable(value) + "')");
        }
    }

    private String printable(String value) {
        boolean secret = key.contains("secret") || key.contains("token") || key.contains("password")
                || key.contains("api_key");
        return secret ? "***" : value;
    }

    private static void integer(String v, int min, int max) {
        try {
            int n = Integer.parseInt(v.trim());
            if (n < min || n > max) throw new IllegalArgumentException("must be from " + min + " to " + max);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a whole number");
        }
    }

    private static void bool(String v) {
        if (!v.equals("true") && !v.equals("false")) throw new IllegalArgumentException("must be true or false");
    }

    private static void oneOf(String v, List<String> allowed) {
        if (!allowed.contains(v)) throw new IllegalArgumentException("must be one of " + allowed);
    }

    private static void address(String v) {
        if (v.isBlank() || !v.matches("[0-9A-Za-z.:\\-\\[\\]]+")) throw new IllegalArgumentException("not an address");
        try {
            InetAddress.getByName(v);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("unknown host");
        }
    }

    private static void urlOrEmpty(String v) {
        if (v.isEmpty()) return;
        try {
            var uri = new URI(v);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new IllegalArgumentException("must be an http(s) URL");
            }
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("not a URL");
        }
    }

    private static void playbookOrEmpty(String v) {
        if (!v.isEmpty() && !v.matches("[a-z][a-z0-9-]{0,63}")) throw new IllegalArgumentException("not a playbook name");
    }

    /** {@code number=playbook} pairs, comma separated: our number (E.164) or an Aircall number id. */
    private static void numberPlaybooks(String v) {
        if (v.isBlank()) return;
        for (var pair : v.split(",")) {
            var parts = pair.strip().split("=", -1);
            if (parts.length != 2 || !parts[0].strip().matches("\\+?\\d{3,18}")) {
                throw new IllegalArgumentException("must be number=playbook pairs, comma separated (bad '"
                        + pair.strip() + "')");
            }
            playbookOrEmpty(parts[1].strip());
            if (parts[1].isBlank()) throw new IllegalArgumentException("no playbook for " + parts[0].strip());
        }
    }

    private static void emailOrEmpty(String v) {
        if (!v.isEmpty() && !v.matches("[^@\\s,]+@[^@\\s,]+\\.[^@\\s,]+")) {
            throw new IllegalArgumentException("not an e-mail address");
        }
    }

    private static void emailsOrEmpty(String v) {
        for (var address : v.split(",")) emailOrEmpty(address.strip());
    }

    private static void whsec(String v) {
        if (v.isEmpty()) return;
        if (!v.startsWith("whsec_")) throw new IllegalArgumentException("must start with whsec_");
        try {
            if (Base64.getDecoder().decode(v.substring(6)).length < 24) {
                throw new IllegalArgumentException("key is shorter than 24 bytes");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() != null && e.getMessage().startsWith("key")
                    ? e.getMessage() : "not base64 after whsec_");
        }
    }
}
