package dev.parley.application.playbook.assistant;

import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.assistant.AnswerComposer;
import dev.parley.domain.assistant.Plan;
import dev.parley.domain.assistant.PlanStep;
import dev.parley.domain.assistant.Profile;
import dev.parley.domain.assistant.ToolProtocol;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Seed 001 step 8, execution: runs a plan's steps in order (analysis, tool calls, the final response), accumulating
 * results, until FINAL_RESPONSE; steps that end without one leave the partial results. Each step is an
 * {@code assistant_step} event. One instance a reply.
 */
final class PlanExecution {
    // logged under the reply engine, as before the engine was split
    private static final Logger LOG = LoggerFactory.getLogger(ReplyEngine.class);

    private final ConversationSession session;
    private final ConversationModel model;
    private final ToolContext context;
    private final Profile profile;
    private final String finalPrompt;
    private final List<DialogueMemory.Turn> recent;
    private final List<AssistantTool> tools;
    private final List<AssistantTool> allowed;
    private final String query;
    private final List<String> snippets;
    private final List<String> memoryContext;
    private final List<String> results = new ArrayList<>();
    /** The texts the tools returned, in order. */
    final List<String> toolTexts = new ArrayList<>();
    /** The reply so far (sanitised); blank when the steps produced none. */
    String reply = "";
    ReplyEngine.Outcome outcome = ReplyEngine.Outcome.ANSWERED;

    /** {@code tools}: every tool the engine knows (a step may name one); {@code allowed}: the profile's. */
    PlanExecution(ConversationSession session, ConversationModel model, ToolContext context, Profile profile,
                  String finalPrompt, List<DialogueMemory.Turn> recent, List<AssistantTool> tools,
                  List<AssistantTool> allowed, String query, List<String> snippets, List<String> memoryContext) {
        this.session = session;
        this.model = model;
        this.context = context;
        this.profile = profile;
        this.finalPrompt = finalPrompt;
        this.recent = recent;
        this.tools = tools;
        this.allowed = allowed;
        this.query = query;
        this.snippets = snippets;
        this.memoryContext = memoryContext;
    }

    void execute(Plan plan) {
        boolean finished = false;
        for (int i = 0; i < plan.steps().size() && !finished; i++) {
            var step = plan.steps().get(i);
            var tool = toolOf(step);
            if (PlanStep.FINAL_RESPONSE.equals(step.action())) {
                finished = true;
                finalResponse(i);
            } else if (PlanStep.ANALYZE.equals(step.action())) {
                analyze(i, step);
            } else if (tool.isPresent()) {
                var outcome = runTool(i, tool.get(), step.args());
                if (outcome.status() == AssistantTool.Outcome.Status.OK
                        || outcome.status() == AssistantTool.Outcome.Status.NO_RESULTS) {
                    results.add(outcome.text());
                    toolTexts.add(outcome.text());
                }
            } else {
                LOG.info("assistant plan step {} has an unknown action; skipped (conversation {})", i + 1,
                        session.conversation().id());
                step(i, step.label(), "skipped: unknown action", 0);
            }
        }
        if (!finished) {
            // Seed 001: steps completed without a final response → partial results, or (after the retry) an apology.
            reply = toolTexts.isEmpty() ? "" : "Here is what I found so far:\n" + String.join("\n", toolTexts);
            outcome = ReplyEngine.Outcome.PARTIAL_RESULTS;
            session.record("assistant_partial", Map.of("results", results.size()));
        }
    }

    /** A tool step names a tool ({@code TOOL} + {@code tool}), or its action is the tool's own name. */
    private Optional<String> toolOf(PlanStep step) {
        if (PlanStep.TOOL.equals(step.action())) return Optional.ofNullable(step.tool()).map(String::strip);
        var name = step.action().toLowerCase(Locale.ROOT);
        return tools.stream().filter(t -> t.name().equals(name)).findFirst().map(AssistantTool::name);
    }

    private AssistantTool.Outcome runTool(int index, String name, Map<String, Object> args) {
        var tool = allowed.stream().filter(t -> t.name().equals(name)).findFirst();
        AssistantTool.Outcome outcome;
        if (tool.isEmpty()) {
            outcome = new AssistantTool.Outcome(AssistantTool.Outcome.Status.NOT_ALLOWED, "tool " + name
                    + " is not allowed for profile " + profile.name());
            ToolCalls.record(session, name, args, outcome, index);
        } else {
            outcome = ToolCalls.run(session, context, tool.get(), args, index);
        }
        step(index, name, outcome.recorded(), outcome.text().length());
        return outcome;
    }

    private void analyze(int index, PlanStep step) {
        var material = finalPrompt + (results.isEmpty() ? "" : "\n\nResults so far:\n" + String.join("\n", results))
                + (step.input().isBlank() ? "" : "\n\nFocus: " + step.input());
        var request = ModelRequest.of("analyze", List.of(ChatMessage.system(profile.guidance() + "\n\nAnalyse the "
                        + "material for answering the user's message, in at most three sentences. Plain text."),
                ChatMessage.user(material)), () -> offlineAnalysis()).withMaxTokens(200);
        var analysis = ToolProtocol.sanitise(model.ask(request).content());
        if (!analysis.isBlank()) results.add("Analysis: " + analysis);
        step(index, PlanStep.ANALYZE, analysis.isBlank() ? "empty" : "ok", analysis.length());
    }

    private String offlineAnalysis() {
        var points = new ArrayList<String>();
        if (!memoryContext.isEmpty()) points.add(memoryContext.size() + " earlier message(s) are relevant");
        if (!snippets.isEmpty()) points.add(snippets.size() + " document passage(s) match the question");
        if (!toolTexts.isEmpty()) points.add(toolTexts.size() + " tool result(s) so far");
        return points.isEmpty() ? "" : String.join("; ", points) + ".";
    }

    private void finalResponse(int index) {
        var messages = new ArrayList<ChatMessage>();
        messages.add(ChatMessage.system(profile.guidance() + "\n\nAnswer the user's latest message briefly (at most "
                + "four sentences), using the context and results below. If they do not answer it, say that a "
                + "person from the team will follow up. Plain text; never write tool calls."));
        messages.addAll(DialogueMemory.asMessages(recent));
        messages.add(ChatMessage.user(finalPrompt + (results.isEmpty() ? "" : "\n\nResults:\n"
                + String.join("\n", results))));
        var composed = new AnswerComposer.Context(query, profile, toolTexts, snippets, memoryContext);
        var request = ModelRequest.of("answer", messages, () -> AnswerComposer.compose(composed)).withMaxTokens(400);
        var answer = model.ask(request);
        var removed = ToolProtocol.markerLines(answer.content());
        reply = ToolProtocol.sanitise(answer.content());
        if (removed > 0) session.record("assistant_sanitised", Map.of("removed_lines", removed));
        if (reply.isBlank() && !results.isEmpty()) {
            // Seed 001: an empty final response falls back to the last result.
            reply = results.getLast();
            outcome = ReplyEngine.Outcome.LAST_RESULT;
        }
        step(index, PlanStep.FINAL_RESPONSE, reply.isBlank() ? "empty" : outcome == ReplyEngine.Outcome.LAST_RESULT
                ? "empty: last result used" : "ok", reply.length());
    }

    private void step(int index, String label, String outcome, int chars) {
        var detail = new LinkedHashMap<String, Object>();
        detail.put("index", index + 1);
        detail.put("step", label);
        detail.put("outcome", outcome);
        detail.put("chars", chars);
        session.record("assistant_step", detail);
    }
}
