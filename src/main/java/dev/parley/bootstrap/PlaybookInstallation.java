package dev.parley.bootstrap;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.alerts.AlertModelFileException;
import dev.parley.adapter.alerts.AlertThresholdsFile;
import dev.parley.adapter.chimein.ContextWeightsFile;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.adapter.playbooks.PlaceFiles;
import dev.parley.adapter.playbooks.PlaybookFiles;
import dev.parley.application.escalation.OpsMailer;
import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.application.chimein.BotIdentities;
import dev.parley.application.chimein.ChimeInPlaybook;
import dev.parley.application.playbook.MessageEmbeddings;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.playbook.buyer.BuyerSmsPlaybook;
import dev.parley.application.playbook.NoopPlaybook;
import dev.parley.application.playbook.Playbook;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.playbook.outreach.OutreachPlaybook;
import dev.parley.application.playbook.outreach.SafetyScreen;
import dev.parley.domain.alert.OfflineAiSafetyFlag;
import dev.parley.domain.fsm.PlaybookDefinitionException;
import dev.parley.domain.outreach.GenealogyExtractor;
import dev.parley.domain.outreach.RuleBasedIntentClassifier;
import dev.parley.domain.chimein.context.ContextStrategies;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which playbooks this Parley runs, loaded and validated at start-up: a broken playbook or pattern file stops
 * Parley with the file and entry named.
 */
final class PlaybookInstallation {
    private PlaybookInstallation() {
    }

    /**
     * The learned alert heads: {@code alert_heads.json} of the home when there is one, else the built-in heads, with
     * the operator's thresholds of {@code alert_thresholds.properties}; none when {@code alerts.model=off}.
     */
    static LearnedAlerts learnedAlerts(ParleyConfig config, TextEmbedder embedder) {
        if (config.get(ConfigKey.ALERTS_MODEL).equals("off")) return LearnedAlerts.off(embedder);
        try {
            var trained = AlertModelFile.load(AlertModelFile.overrideIn(config.home()));
            return LearnedAlerts.of(trained, embedder, new AlertThresholdsFile(config.home()).load());
        } catch (AlertModelFileException e) {
            throw new ConfigException(AlertModelFile.FILE_NAME, e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(AlertThresholdsFile.FILE_NAME, e.getMessage());
        }
    }

    /**
     * Installs the playbooks.
     *
     * @param model     the model gateway of playbooks that ask a model
     * @param assistant the assistant playbook (seed 001), built with its own parts
     * @param patterns  the outreach safety screen's alert patterns (reloaded by Settings without a restart)
     * @param learned   the learned alert heads of the outreach playbook's safety screen
     * @param embeddings the message embeddings chime-in recalls earlier messages with
     * @param mailer    e-mails ops about buyer-sms escalations (OFF without SMTP settings)
     * @param links     the Reply Tool's links in those e-mails
     */
    static Playbooks install(ParleyConfig config, List<Playbook> extra, ModelGateway model, Playbook assistant,
                             LiveAlertPatterns patterns, LearnedAlerts learned, MessageEmbeddings embeddings,
                             OpsMailer mailer, ReplyLinks links) {
        var files = new PlaybookFiles(Optional.of(config.home()));
        var installed = new ArrayList<Playbook>();
        installed.add(new NoopPlaybook());
        try {
            var safety = new SafetyScreen(patterns, new OfflineAiSafetyFlag(), learned);
            installed.add(new OutreachPlaybook(files.load(OutreachPlaybook.NAME), safety,
                    RuleBasedIntentClassifier.standard(), new GenealogyExtractor(), model));
            installed.add(new BuyerSmsPlaybook(files.load(BuyerSmsPlaybook.NAME), PlaceFiles.load(), model, mailer,
                    links));
        } catch (PlaybookDefinitionException e) {
            throw new ConfigException("playbook", e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new ConfigException("playbook", e.getMessage());
        }
        installed.add(assistant);
        installed.add(chimeIn(config, embeddings, model));
        installed.add(new dev.parley.application.playbook.guardian.GuardianPlaybook());
        installed.addAll(extra);
        var known = installed.stream().map(Playbook::name).toList();
        for (var key : List.of(ConfigKey.PLAYBOOK_DEFAULT, ConfigKey.PLAYBOOK_INBOUND, ConfigKey.PLAYBOOK_CHAT)) {
            if (!known.contains(config.get(key))) {
                throw new ConfigException(key.key(), "playbook '" + config.get(key) + "' is not installed; known: "
                        + known);
            }
        }
        return new Playbooks(installed, config.get(ConfigKey.PLAYBOOK_DEFAULT), config.get(ConfigKey.PLAYBOOK_INBOUND),
                config.get(ConfigKey.PLAYBOOK_CHAT));
    }

    /** Seed 004's group-chat bot with the configured strategy; a configured model writes its answers. */
    static ChimeInPlaybook chimeIn(ParleyConfig config, MessageEmbeddings embeddings, ModelGateway model) {
        var strategy = ContextStrategies.named(config.get(ConfigKey.CHIMEIN_STRATEGY),
                        config.getInt(ConfigKey.CHIMEIN_LOOKBACK),
                        Duration.ofMinutes(config.getInt(ConfigKey.CHIMEIN_TIME_THRESHOLD_MINUTES)),
                        ContextWeightsFile.shipped())
                .orElseThrow(() -> new ConfigException(ConfigKey.CHIMEIN_STRATEGY.key(), "unknown strategy"));
        return new ChimeInPlaybook(strategy, new BotIdentities(config.get(ConfigKey.CHIMEIN_BOT_NAME)), embeddings,
                model);
    }
}
