package dev.parley.application.playbook.assistant;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * The generic {@code external_tool} channel (seed 001 step 7): one tool through which the plan reaches every tool of
 * the configured MCP servers, by server and tool name. Its description lists them with their input schemas.
 */
public final class ExternalToolChannel implements AssistantTool {
    public static final String NAME = "external_tool";
    private final ExternalTools tools;

    public ExternalToolChannel(ExternalTools tools) {
        this.tools = tools;
    }

    public boolean configured() {
        return !tools.tools().isEmpty();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "a tool of an external server; available: " + tools.tools().stream()
                .map(t -> t.server() + "/" + t.name() + " (" + t.description() + ", arguments " + t.inputSchema() + ")")
                .collect(Collectors.joining("; "));
    }

    @Override
    public String argumentsExample() {
        var first = tools.tools().stream().findFirst();
        return "{\"server\":\"" + first.map(ExternalTools.Tool::server).orElse("weather") + "\",\"tool\":\""
                + first.map(ExternalTools.Tool::name).orElse("forecast") + "\",\"arguments\":{}}";
    }

    @Override
    public Outcome run(Map<String, Object> args, ToolContext context) {
        var server = String.valueOf(args.getOrDefault("server", ""));
        var tool = String.valueOf(args.getOrDefault("tool", ""));
        @SuppressWarnings("unchecked")
        var arguments = args.get("arguments") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.<String, Object>of();
        // A slow call like a model's: made at Prepare, its result (or failure) recalled at Commit, never made twice.
        var called = context.session().slow().call("external_tool",
                server + "/" + tool + " " + dev.parley.application.JsonDocuments.write(arguments), () -> {
                    try {
                        return new Called(tools.call(server, tool, arguments), null);
                    } catch (ExternalTools.ExternalToolException e) {
                        return new Called(null, e.getMessage());
                    }
                });
        if (called.failure() != null) return Outcome.failed(called.failure());
        var text = called.text();
        if (text == null || text.isBlank()) return Outcome.noResults(server + "/" + tool + " returned nothing");
        return Outcome.ok(context.redactor().redact(text.strip()).text());
    }

    /** What one call of an external tool gave: its text, or why it failed. */
    private record Called(String text, String failure) {
    }
}
