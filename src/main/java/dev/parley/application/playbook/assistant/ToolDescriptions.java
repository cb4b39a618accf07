package dev.parley.application.playbook.assistant;

import dev.parley.domain.assistant.ToolProtocol;
import java.util.List;

/** Seed 001 step 7: the compact, JSON-only description of the allowed tools that the planner reads. */
final class ToolDescriptions {
    private ToolDescriptions() {
    }

    static String describe(List<AssistantTool> allowed) {
        if (allowed.isEmpty()) return "No tools are available: plan ANALYZE and FINAL_RESPONSE steps only.";
        var text = new StringBuilder("Tools (JSON only; call a tool only as a plan step "
                + "{\"action\":\"TOOL\",\"tool\":NAME,\"args\":ARGS}):\n");
        for (var tool : allowed) {
            text.append("- ").append(tool.name()).append(": ").append(tool.description()).append("; args ")
                    .append(tool.argumentsExample()).append('\n');
        }
        text.append("Never write a tool call in a reply; lines starting with ").append(ToolProtocol.PREFIX)
                .append(" are removed before the user sees the reply.");
        return text.toString();
    }
}
