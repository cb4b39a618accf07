package dev.parley.bootstrap.launch;

import dev.parley.adapter.alerts.AlertThresholdsFile;
import dev.parley.adapter.alerts.JsonAlertPatternTester;
import dev.parley.adapter.persistence.JdbcQueues;
import dev.parley.application.alerts.AlertThresholds;
import dev.parley.adapter.ui.common.Notifier;
import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.adapter.ui.settings.ConsoleSettings;
import dev.parley.adapter.ui.settings.FileConsoleSettings;
import dev.parley.adapter.files.FileReplyTemplates;
import dev.parley.application.console.AlertPatternTester;
import dev.parley.application.console.CannedReplies;
import dev.parley.application.console.FindQueues;
import dev.parley.application.console.HandleAlert;
import dev.parley.application.console.MarkDesist;
import dev.parley.application.console.RecordReveal;
import dev.parley.application.console.ReplayRunner;
import dev.parley.bootstrap.ParleyApp;
import dev.parley.bootstrap.PropertiesConfigurationFile;
import dev.parley.bootstrap.Version;
import dev.parley.bootstrap.replay.ConsoleReplayRunner;
import java.security.SecureRandom;

/** The console's part of the composition root: builds a {@link ConsoleContext} from a running {@link ParleyApp}. */
public final class ConsoleAssembly {
    private ConsoleAssembly() {
    }

    /** Hooks for branches that land later: the replay engine and the alert detector replace these defaults. */
    public record Hooks(ReplayRunner replay, AlertPatternTester patterns) {
        /** The real replay engine and alert detector, on the running app. */
        public static Hooks of(ParleyApp app) {
            return new Hooks(new ConsoleReplayRunner(app), new JsonAlertPatternTester());
        }
    }

    /**
     * Runs the first window's queries once on a background thread while the JavaFX toolkit starts, so the store's
     * pages and the query code are warm when the window asks for them.
     */
    public static void warmUp(ConsoleContext context) {
        Thread.ofVirtual().name("console-warm-up").start(() -> {
            try {
                context.queues().counts();
                for (var kind : dev.parley.application.console.QueueKind.values()) {
                    context.queues().page(kind, null, null, FindQueues.PAGE_SIZE);
                }
                // the first Hibernate read of a process is slow: take it here, not when a conversation opens
                var first = context.queues().page(dev.parley.application.console.QueueKind.ALL, null, null, 1);
                if (!first.items().isEmpty()) context.conversations().detail(first.items().getFirst().conversationId());
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(ConsoleAssembly.class).debug("warm-up failed: {}",
                        e.getClass().getName());
            }
        });
    }

    public static ConsoleContext context(ParleyApp app, TaskExecutor executor, Notifier notifier, Hooks hooks) {
        return context(app, executor, notifier, hooks, new FileConsoleSettings(app.config.home()));
    }

    public static ConsoleContext context(ParleyApp app, TaskExecutor executor, Notifier notifier, Hooks hooks,
                                         ConsoleSettings settings) {
        var tx = app.operatorTransactions;
        var queues = new FindQueues(new JdbcQueues(app.database.dataSource(), app.clock), app.clock);
        return new ConsoleContext(app.find, queues, app.startConversation, app.reply, app.unblock, app.retryInbox,
                app.resolveUndelivered,
                new HandleAlert(tx, app.clock, app.events), new MarkDesist(app.operatorStages, app.operatorTransactions, app.playbooks),
                new RecordReveal(tx, app.clock), app.playbooks, hooks.replay(), hooks.patterns(),
                new AlertThresholds(app.learnedAlerts, new AlertThresholdsFile(app.config.home())), settings,
                new PropertiesConfigurationFile(app.config, app, new SecureRandom()), app.events::subscribe, app.clock,
                Version.current(), executor, notifier, app.model::health,
                new dev.parley.adapter.llm.OpenAiModelList(new okhttp3.OkHttpClient()), app.replyTool,
                new dev.parley.application.catalog.CatalogEditor(tx, app.clock),
                app.events, app.claims, app.buyerJourneys,
                new CannedReplies(new FileReplyTemplates(app.config.home()), tx, CannedReplies.LastProperty.BUYER_SMS),
                new dev.parley.application.operator.SafetyControls(app.releaseFiltered, app.revealOriginal,
                        app.checkOutgoing, app.safetyPolicyDocument, app.setContactTimeZone), app::storeLink);
    }
}
