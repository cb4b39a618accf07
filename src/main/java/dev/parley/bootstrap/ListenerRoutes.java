package dev.parley.bootstrap;

import dev.parley.adapter.http.AdminRoutes;
import dev.parley.adapter.http.ApiRoutes;
import dev.parley.adapter.http.ClaimRoutes;
import dev.parley.adapter.http.ContactRoutes;
import dev.parley.adapter.http.HeldMessageRoutes;
import dev.parley.adapter.http.OpsRoutes;
import dev.parley.adapter.http.ReplyToolRoutes;
import dev.parley.adapter.http.Route;
import dev.parley.adapter.http.SignupRoutes;
import dev.parley.adapter.http.TelegramWebhookRoutes;
import dev.parley.adapter.http.TrustedProxies;
import dev.parley.adapter.http.WebhookRoutes;
import dev.parley.adapter.metrics.PrometheusMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Every route the listener serves, built from Parley's use cases (webhooks, API, Reply Tool, admin, ops). */
final class ListenerRoutes {
    private final ParleyApp app;
    private final Supplier<TrustedProxies> trustedProxies;
    private final SafetyInstallation safety;
    private final Map<String, String> numberPlaybooks;
    private final Supplier<ParleyConfig> current;

    /** {@code trustedProxies} and {@code current}: as Settings last changed them (read at each request). */
    ListenerRoutes(ParleyApp app, Supplier<TrustedProxies> trustedProxies, SafetyInstallation safety,
                   Map<String, String> numberPlaybooks, Supplier<ParleyConfig> current) {
        this.app = app;
        this.trustedProxies = trustedProxies;
        this.safety = safety;
        this.numberPlaybooks = numberPlaybooks;
        this.current = current;
    }

    /** The routes of a listener whose public address is {@code origin} (null: this machine's own). */
    List<Route> routes(String origin) {
        var routes = new ArrayList<Route>();
        routes.addAll(new WebhookRoutes(app.receive, this::webhookSettings, app.clock, origin).routes());
        routes.addAll(new TelegramWebhookRoutes(app.receive,
                () -> current.get().get(ConfigKey.WEBHOOKS_TELEGRAM_SECRET)).routes());
        routes.addAll(new ApiRoutes(app.find, app.startConversation, app.reply, app.unblock, app.retryInbox,
                app.externalEvent, app.resolveUndelivered, () -> app.config.get(ConfigKey.API_EVENTS_SECRET),
                app.clock).routes());
        routes.addAll(new ReplyToolRoutes(app.replyTool, app.clock).routes());
        routes.addAll(new SignupRoutes(app.signupPages, app.webOptIn).routes());
        if (app.backup != null) {
            routes.addAll(new AdminRoutes(app.backup, app.config.home().resolve("backups"), app.clock).routes());
        }
        routes.addAll(new ClaimRoutes(app.claims).routes());
        routes.addAll(new HeldMessageRoutes(app.releaseFiltered, app.revealOriginal).routes());
        routes.addAll(new ContactRoutes(app.setContactTimeZone).routes());
        routes.addAll(safety.routes(app.transactions,
                number -> numberPlaybooks.getOrDefault(number, current.get().get(ConfigKey.PLAYBOOK_INBOUND)),
                app.clock));
        routes.addAll(new OpsRoutes(app.transactions, new PrometheusMetrics(app.transactions, app.metrics,
                app.stageMetrics, app.model.concurrency()), Version.current()).routes());
        return routes;
    }

    private WebhookRoutes.Settings webhookSettings() {
        var config = current.get();
        return new WebhookRoutes.Settings(config.get(ConfigKey.WEBHOOKS_GENERIC_SECRET),
                config.getBoolean(ConfigKey.WEBHOOKS_GENERIC_INSECURE), config.get(ConfigKey.WEBHOOKS_TWILIO_AUTH_TOKEN),
                config.get(ConfigKey.WEBHOOKS_TWILIO_PUBLIC_URL), trustedProxies.get(),
                config.get(ConfigKey.WEBHOOKS_TWILIO_PLAYBOOK), config.get(ConfigKey.WEBHOOKS_AIRCALL_TOKEN),
                config.get(ConfigKey.WEBHOOKS_AIRCALL_PLAYBOOK), numberPlaybooks);
    }
}
