package dev.parley.bootstrap;

import dev.parley.adapter.assistant.EspeakSpeech;
import dev.parley.adapter.assistant.KnowledgeFolder;
import dev.parley.adapter.assistant.ProfileFiles;
import dev.parley.adapter.mcp.McpExternalTools;
import dev.parley.application.playbook.MessageEmbeddings;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.playbook.assistant.AssistantPlaybook;
import dev.parley.application.playbook.assistant.AssistantTool;
import dev.parley.application.playbook.assistant.BuiltInTools;
import dev.parley.application.playbook.assistant.ExternalToolChannel;
import dev.parley.application.playbook.assistant.ExternalTools;
import dev.parley.application.playbook.assistant.RecentDialogue;
import dev.parley.application.playbook.assistant.ReplyEngine;
import dev.parley.application.playbook.assistant.Speech;
import dev.parley.domain.assistant.Redactor;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.stream.Collectors;

/**
 * The assistant playbook (seed 001) from the configuration: profiles of the home, its knowledge folder, the
 * built-in tools plus the MCP servers of {@code assistant.mcp_servers}, speech when {@code assistant.speech} is on.
 */
final class AssistantInstallation implements AutoCloseable {
    final AssistantPlaybook playbook;
    private final McpExternalTools mcp;

    private AssistantInstallation(AssistantPlaybook playbook, McpExternalTools mcp) {
        this.playbook = playbook;
        this.mcp = mcp;
    }

    static AssistantInstallation install(ParleyConfig config, ModelGateway model, Clock clock,
                                         MessageEmbeddings embeddings) {
        var servers = McpExternalTools.parse(config.get(ConfigKey.ASSISTANT_MCP_SERVERS));
        var mcp = servers.isEmpty() ? null : new McpExternalTools(servers, Duration.ofSeconds(20), clock);
        ExternalTools external = mcp == null ? ExternalTools.NONE : mcp;
        var tools = new ArrayList<AssistantTool>(BuiltInTools.all());
        tools.add(new ExternalToolChannel(external));
        var names = tools.stream().map(AssistantTool::name).collect(Collectors.toSet());
        ProfileFiles profiles;
        try {
            profiles = ProfileFiles.load(config.home(), names, config.get(ConfigKey.ASSISTANT_DEFAULT_PROFILE));
        } catch (ProfileFiles.ProfileFileException e) {
            if (mcp != null) mcp.close();
            throw new ConfigException("profiles", e.getMessage());
        }
        var engine = new ReplyEngine(profiles, new RecentDialogue(ReplyEngine.MEMORY_WINDOW, 50),
                new KnowledgeFolder(config.home().resolve("knowledge")), tools, new Redactor(),
                ZoneId.of(config.get(ConfigKey.ASSISTANT_TIME_ZONE)),
                config.getBoolean(ConfigKey.ASSISTANT_SEMANTIC_RECALL) ? embeddings : null);
        Speech speech = config.getBoolean(ConfigKey.ASSISTANT_SPEECH)
                ? new EspeakSpeech(config.home().resolve("media"), "espeak-ng") : Speech.OFF;
        return new AssistantInstallation(new AssistantPlaybook(engine, model, speech), mcp);
    }

    @Override
    public void close() {
        if (mcp != null) mcp.close();
    }
}
