package dev.parley.application.playbook.assistant;

import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.ConversationSession;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an assistant tool for the reply flow: a tool that throws counts as failed (logged once with its stack trace);
 * every call, run or refused, is an {@code assistant_tool} event on the timeline and a pipeline event.
 */
final class ToolCalls {
    // logged under the reply engine, as before the engine was split
    private static final Logger LOG = LoggerFactory.getLogger(ReplyEngine.class);

    private ToolCalls() {
    }

    /** Runs {@code tool}; {@code stepIndex} is the plan step's (0-based), or -1 outside the plan. */
    static AssistantTool.Outcome run(ConversationSession session, ToolContext context, AssistantTool tool,
                                     Map<String, Object> args, int stepIndex) {
        AssistantTool.Outcome outcome;
        try {
            outcome = tool.run(args, context);
        } catch (RuntimeException e) {
            LOG.warn("assistant tool {} failed in conversation {}", tool.name(), session.conversation().id(), e);
            outcome = AssistantTool.Outcome.failed(e.getClass().getSimpleName());
        }
        record(session, tool.name(), args, outcome, stepIndex);
        return outcome;
    }

    /** Records a call's outcome (also one that was refused without running). */
    static void record(ConversationSession session, String tool, Map<String, Object> args,
                       AssistantTool.Outcome outcome, int stepIndex) {
        var detail = new LinkedHashMap<String, Object>();
        detail.put("tool", tool);
        detail.put("args", args);
        detail.put("outcome", outcome.recorded());
        if (stepIndex >= 0) detail.put("step", stepIndex + 1);
        detail.put("result", clip(outcome.text(), 500));
        session.record("assistant_tool", detail);
        session.publish(new PipelineEvent.ToolCalled(session.conversation().id(), tool, outcome.recorded()));
    }

    private static String clip(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max) + "…";
    }
}
