package dev.parley.adapter.ui.context;

import dev.parley.adapter.ui.common.Notifier;
import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.adapter.ui.settings.ConfigurationFile;
import dev.parley.adapter.ui.settings.ConsoleSettings;
import dev.parley.application.PipelineEvents;
import dev.parley.application.alerts.AlertThresholds;
import dev.parley.application.catalog.CatalogEditor;
import dev.parley.application.escalation.ReplyTool;
import dev.parley.application.console.AlertPatternTester;
import dev.parley.application.console.CannedReplies;
import dev.parley.application.console.FindQueues;
import dev.parley.application.console.HandleAlert;
import dev.parley.application.console.MarkDesist;
import dev.parley.application.console.RecordReveal;
import dev.parley.application.console.ReplayRunner;
import dev.parley.application.operator.FindConversations;
import dev.parley.application.operator.ClaimConversation;
import dev.parley.application.operator.ReplyToConversation;
import dev.parley.application.operator.RetryInboxMessage;
import dev.parley.application.operator.StartConversation;
import dev.parley.application.operator.UnblockConversation;
import dev.parley.application.outbox.ResolveUndelivered;
import dev.parley.application.playbook.Playbooks;
import java.time.Clock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import dev.parley.application.model.ModelEndpoints;
import dev.parley.application.model.ModelHealth;

/**
 * Everything the console uses, built by the composition root and handed to the console application: use cases,
 * ports, and how to subscribe to pipeline events. The console constructs no adapters of its own. In a package of its
 * own, below the window and the features, so that the features can use it without depending on the window.
 */
public record ConsoleContext(FindConversations conversations, FindQueues queues, StartConversation start,
                             ReplyToConversation reply, UnblockConversation unblock, RetryInboxMessage retry,
                             ResolveUndelivered undelivered,
                             HandleAlert alerts, MarkDesist desist, RecordReveal reveal, Playbooks playbooks,
                             ReplayRunner replay, AlertPatternTester patternTester, AlertThresholds alertThresholds,
                             ConsoleSettings settings,
                             ConfigurationFile configuration, Consumer<PipelineEvents> subscribe, Clock clock,
                             String version, TaskExecutor executor, Notifier notifier,
                             Supplier<ModelHealth> modelHealth, ModelEndpoints modelEndpoints, ReplyTool replyTool,
                             CatalogEditor catalog,
                             PipelineEvents announce, ClaimConversation claims,
                             dev.parley.application.console.BuyerJourneys journeys,
                             CannedReplies cannedReplies,
                             dev.parley.application.operator.SafetyControls safety,
                             Supplier<dev.parley.application.console.StoreLink> storeLink) {
}
