package dev.parley.application.playbook.assistant;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.PipelineEvent;
import dev.parley.application.embedding.MessageEmbeddings;
import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelGateway.OnInvalid;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.assistant.AnswerComposer;
import dev.parley.domain.assistant.Keywords;
import dev.parley.domain.assistant.OfflinePlanner;
import dev.parley.domain.assistant.OfflineRouter;
import dev.parley.domain.assistant.Plan;
import dev.parley.domain.assistant.PlanStep;
import dev.parley.domain.assistant.Profile;
import dev.parley.domain.assistant.RecallCues;
import dev.parley.domain.assistant.RecallParams;
import dev.parley.domain.assistant.Redactor;
import dev.parley.domain.assistant.ToolProtocol;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Seed 001's reply flow for one user message, every step and branch: redact → route to a profile → recent dialogue →
 * recall enrichment → document snippets → final prompt → tool allowlist and protocol → plan (at most 6 steps) and
 * execute it → plain retry when empty → sanitise. Each step leaves a timeline event (the console shows them);
 * the plan and each tool call are also pipeline events (transcript lines). Models only ever see redacted text.
 */
public final class ReplyEngine {
    private static final Logger LOG = LoggerFactory.getLogger(ReplyEngine.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    public static final Duration MEMORY_WINDOW = Duration.ofMinutes(5);
    public static final String PLAN_ERROR = "Sorry, I couldn't work out how to answer that. Could you rephrase it? "
            + "A person from the team can also see your message.";
    public static final String APOLOGY = "Sorry, I couldn't put an answer together just now. A person from the team "
            + "can see your message and will follow up.";
    static final int SNIPPETS = 3;

    /** How the reply came about, for the timeline and tests. */
    public enum Outcome { ANSWERED, LAST_RESULT, PARTIAL_RESULTS, PLAIN_RETRY, APOLOGY, PLAN_ERROR }

    /** The reply to send, already sanitised, how it came about, and the redacted user text it answers. */
    public record Reply(String text, Profile profile, Plan plan, Outcome outcome, boolean retried, String query) {
    }

    private final Profiles profiles;
    private final DialogueMemory memory;
    private final DocumentLibrary documents;
    private final List<AssistantTool> tools;
    private final Redactor redactor;
    private final ZoneId zone;
    private final MessageEmbeddings embeddings;

    /**
     * @param tools      the built-in tools and, when servers are configured, the external tool channel
     * @param embeddings stored message embeddings for semantic recall; null for keyword recall only
     */
    public ReplyEngine(Profiles profiles, DialogueMemory memory, DocumentLibrary documents, List<AssistantTool> tools,
                       Redactor redactor, ZoneId zone, MessageEmbeddings embeddings) {
        this.embeddings = embeddings;
        this.profiles = profiles;
        this.memory = memory;
        this.documents = documents;
        this.tools = List.copyOf(tools);
        this.redactor = redactor;
        this.zone = zone;
    }

    public DialogueMemory memory() {
        return memory;
    }


    public Reply reply(ConversationSession session, ConversationModel model, String text, long messageId) {
        // 1. Redact before anything else.
        var redaction = redactor.redact(text);
        var query = redaction.text();
        if (redaction.changed()) session.record("assistant_redacted", Map.of("kinds", redaction.kinds()));
        var context = new ToolContext(session, model, redactor, zone, messageId, query, embeddings);

        // 2. Profile.
        var profile = route(session, model, query);

        // 3. Recent dialogue (last 5 minutes).
        var recent = memory.recent(session.conversation().id(), session.now().minus(MEMORY_WINDOW));

        // 4. Conversation memory enrichment.
        var memoryContext = recall(session, model, context, profile, query);

        // 5–6. Document snippets and the final prompt, in the seed's order.
        var snippets = documents.snippets(Keywords.of(query, 8), SNIPPETS);
        if (!snippets.isEmpty()) session.record("assistant_documents", Map.of("snippets", snippets.size()));
        var finalPrompt = FinalPrompt.build(memoryContext, snippets, query);

        // 7. Allowed tools and their JSON-only description.
        var allowed = tools.stream().filter(t -> profile.allows(t.name()))
                .filter(t -> !(t instanceof ExternalToolChannel channel) || channel.configured()).toList();
        var toolsDescription = ToolDescriptions.describe(allowed);

        // 8. Plan, then execute.
        var planned = plan(session, model, profile, finalPrompt, toolsDescription, recent, allowed,
                !memoryContext.isEmpty() || !snippets.isEmpty(), query);
        if (planned.isEmpty() || planned.get().isEmpty()) {
            return new Reply(PLAN_ERROR, profile, planned.orElse(Plan.of(List.of())), Outcome.PLAN_ERROR, false, query);
        }
        var plan = planned.get();
        var run = new Execution(session, model, context, profile, finalPrompt, recent, allowed, query, snippets,
                memoryContext);
        run.execute(plan);

        // 9. Plain retry when the steps produced nothing.
        var reply = run.reply;
        var outcome = run.outcome;
        boolean retried = false;
        if (reply.isBlank()) {
            retried = true;
            reply = plainRetry(model, profile, finalPrompt, recent, run, query, snippets, memoryContext);
            outcome = reply.isBlank() ? Outcome.APOLOGY : Outcome.PLAIN_RETRY;
            session.record("assistant_retry", Map.of("produced_text", !reply.isBlank()));
            if (reply.isBlank()) reply = APOLOGY;
        }
        return new Reply(reply, profile, plan, outcome, retried, query);
    }

    /** Step 2: the model picks a profile; a token that names no profile means the default. */
    private Profile route(ConversationSession session, ConversationModel model, String query) {
        var all = profiles.all();
        var fallback = profiles.defaultProfile();
        var list = all.stream().map(p -> "- " + p.name() + ": " + p.description()).collect(Collectors.joining("\n"));
        var request = ModelRequest.of("route", List.of(ChatMessage.system("Choose the assistant profile that suits "
                        + "the user's message best.\nProfiles:\n" + list + "\nAnswer with JSON only: {\"profile\": "
                        + "\"<name>\"}. If none fits clearly, answer {\"profile\": \"" + fallback.name() + "\"}."),
                ChatMessage.user(query)), () -> json(Map.of("profile", OfflineRouter.route(all, fallback.name(), query))))
                .withTemperature(0).withMaxTokens(30);
        var answer = model.askJson(request, node -> {
            var name = node.path("profile").asText("").strip();
            return profiles.find(name).orElseThrow(() -> new IllegalArgumentException("unknown profile '" + name + "'"));
        }, OnInvalid.REPORT);
        var chosen = answer.value().orElse(fallback);
        var detail = new LinkedHashMap<String, Object>();
        detail.put("profile", chosen.name());
        detail.put("decided_by", answer.value().isEmpty() ? "default" : answer.answer().provider().equals("offline")
                ? "offline router" : "model");
        if (answer.invalidReason() != null) detail.put("reason", answer.invalidReason());
        session.record("assistant_profile", detail);
        return chosen;
    }

    /** Step 4: recall parameters from the model; recall runs only with keywords and the profile's permission. */
    private List<String> recall(ConversationSession session, ConversationModel model, ToolContext context,
                                Profile profile, String query) {
        var now = session.now();
        var request = ModelRequest.of("recall_params", List.of(ChatMessage.system("Does the user's message refer "
                        + "back to something earlier in this conversation? Answer with JSON only: {\"keywords\": [up to "
                        + "6 words to search earlier messages for], \"from\": ISO-8601 instant or null, \"to\": ISO-8601 "
                        + "instant or null}. Use an empty keyword list when it does not refer back. Now is " + now + "."),
                ChatMessage.user(query)), () -> recallJson(RecallCues.extract(query, now, zone)))
                .withTemperature(0).withMaxTokens(100);
        var answer = model.askJson(request, ReplyEngine::readRecall, OnInvalid.REPORT);
        var detail = new LinkedHashMap<String, Object>();
        if (answer.value().isEmpty()) {
            detail.put("outcome", "skipped: extraction failed (" + answer.invalidReason() + ")");
            session.record("assistant_recall", detail);
            return List.of();
        }
        var params = answer.value().get();
        detail.put("keywords", params.keywords());
        params.from().ifPresent(f -> detail.put("from", f.toString()));
        params.to().ifPresent(t -> detail.put("to", t.toString()));
        if (!params.hasKeywords()) {
            detail.put("outcome", "skipped: no keywords");
            session.record("assistant_recall", detail);
            return List.of();
        }
        if (!profile.allows(BuiltInTools.RECALL_CONVERSATION)) {
            detail.put("outcome", "skipped: profile " + profile.name() + " does not allow " + BuiltInTools.RECALL_CONVERSATION);
            session.record("assistant_recall", detail);
            return List.of();
        }
        var args = new LinkedHashMap<String, Object>();
        args.put("keywords", params.keywords());
        params.from().ifPresent(f -> args.put("from", f.toString()));
        params.to().ifPresent(t -> args.put("to", t.toString()));
        var outcome = callTool(session, context, find(BuiltInTools.RECALL_CONVERSATION).orElseThrow(), args, -1);
        detail.put("outcome", outcome.recorded());
        session.record("assistant_recall", detail);
        return outcome.status() == AssistantTool.Outcome.Status.OK ? outcome.text().lines().toList() : List.of();
    }

    /** Step 8, planning: the model's JSON plan; an unreadable or empty one is the seed's error branch. */
    private Optional<Plan> plan(ConversationSession session, ConversationModel model, Profile profile,
                                String finalPrompt, String toolsDescription, List<DialogueMemory.Turn> recent,
                                List<AssistantTool> allowed, boolean hasContext, String query) {
        var allowedNames = allowed.stream().map(AssistantTool::name).collect(Collectors.toSet());
        var messages = new ArrayList<ChatMessage>();
        messages.add(ChatMessage.system(profile.guidance() + "\n\nMake a plan to answer the user's latest message. "
                + "Answer with JSON only: {\"steps\": [{\"action\": \"ANALYZE\", \"input\": \"what to analyse\"}, "
                + "{\"action\": \"TOOL\", \"tool\": \"<tool>\", \"args\": {}}, {\"action\": \"FINAL_RESPONSE\"}]}. At "
                + "most " + Plan.MAX_STEPS + " steps; end with FINAL_RESPONSE.\n" + toolsDescription));
        messages.addAll(turns(recent));
        messages.add(ChatMessage.user(finalPrompt));
        var request = ModelRequest.of("plan", messages,
                () -> planJson(OfflinePlanner.plan(query, allowedNames, hasContext))).withTemperature(0)
                .withMaxTokens(400);
        var answer = model.askJson(request, ReplyEngine::readPlan, OnInvalid.REPORT);
        var plan = answer.value();
        var labels = plan.map(p -> p.steps().stream().map(PlanStep::label).toList()).orElse(List.of());
        var detail = new LinkedHashMap<String, Object>();
        detail.put("steps", plan.map(p -> p.steps().stream().map(ReplyEngine::describe).toList()).orElse(List.of()));
        detail.put("valid", plan.isPresent() && !plan.get().isEmpty());
        plan.filter(p -> p.dropped() > 0).ifPresent(p -> detail.put("dropped_steps", p.dropped()));
        if (answer.invalidReason() != null) detail.put("reason", answer.invalidReason());
        else if (plan.isPresent() && plan.get().isEmpty()) detail.put("reason", "no steps");
        session.record("assistant_plan", detail);
        session.publish(new PipelineEvent.PlanMade(session.conversation().id(), labels,
                plan.isPresent() && !plan.get().isEmpty()));
        return plan;
    }

    /** Executes a plan's steps in order, accumulating results, until FINAL_RESPONSE. */
    private final class Execution {
        final ConversationSession session;
        final ConversationModel model;
        final ToolContext context;
        final Profile profile;
        final String finalPrompt;
        final List<DialogueMemory.Turn> recent;
        final List<AssistantTool> allowed;
        final String query;
        final List<String> snippets;
        final List<String> memoryContext;
        final List<String> results = new ArrayList<>();
        final List<String> toolTexts = new ArrayList<>();
        String reply = "";
        Outcome outcome = Outcome.ANSWERED;

        Execution(ConversationSession session, ConversationModel model, ToolContext context, Profile profile,
                  String finalPrompt, List<DialogueMemory.Turn> recent, List<AssistantTool> allowed, String query,
                  List<String> snippets, List<String> memoryContext) {
            this.session = session;
            this.model = model;
            this.context = context;
            this.profile = profile;
            this.finalPrompt = finalPrompt;
            this.recent = recent;
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
                outcome = Outcome.PARTIAL_RESULTS;
                session.record("assistant_partial", Map.of("results", results.size()));
            }
        }

        /** A tool step names a tool ({@code TOOL} + {@code tool}), or its action is the tool's own name. */
        private Optional<String> toolOf(PlanStep step) {
            if (PlanStep.TOOL.equals(step.action())) return Optional.ofNullable(step.tool()).map(String::strip);
            return find(step.action().toLowerCase(java.util.Locale.ROOT)).map(AssistantTool::name);
        }

        private AssistantTool.Outcome runTool(int index, String name, Map<String, Object> args) {
            var tool = allowed.stream().filter(t -> t.name().equals(name)).findFirst();
            AssistantTool.Outcome outcome;
            if (tool.isEmpty()) {
                outcome = new AssistantTool.Outcome(AssistantTool.Outcome.Status.NOT_ALLOWED, "tool " + name
                        + " is not allowed for profile " + profile.name());
                toolEvent(session, name, args, outcome, index);
            } else {
                outcome = callTool(session, context, tool.get(), args, index);
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
            messages.addAll(turns(recent));
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
                outcome = Outcome.LAST_RESULT;
            }
            step(index, PlanStep.FINAL_RESPONSE, reply.isBlank() ? "empty" : outcome == Outcome.LAST_RESULT
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

    private String plainRetry(ConversationModel model, Profile profile, String finalPrompt,
                              List<DialogueMemory.Turn> recent, Execution run, String query, List<String> snippets,
                              List<String> memoryContext) {
        var messages = new ArrayList<ChatMessage>();
        messages.add(ChatMessage.system(profile.guidance() + "\n\nAnswer the user's latest message briefly. Plain "
                + "text."));
        messages.addAll(turns(recent));
        messages.add(ChatMessage.user(finalPrompt));
        var composed = new AnswerComposer.Context(query, profile, run.toolTexts, snippets, memoryContext);
        var request = ModelRequest.of("answer_plain", messages, () -> AnswerComposer.compose(composed))
                .withMaxTokens(400);
        return ToolProtocol.sanitise(model.ask(request).content());
    }

    private AssistantTool.Outcome callTool(ConversationSession session, ToolContext context, AssistantTool tool,
                                           Map<String, Object> args, int stepIndex) {
        AssistantTool.Outcome outcome;
        try {
            outcome = tool.run(args, context);
        } catch (RuntimeException e) {
            LOG.warn("assistant tool {} failed in conversation {}", tool.name(), session.conversation().id(), e);
            outcome = AssistantTool.Outcome.failed(e.getClass().getSimpleName());
        }
        toolEvent(session, tool.name(), args, outcome, stepIndex);
        return outcome;
    }

    private static void toolEvent(ConversationSession session, String tool, Map<String, Object> args,
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

    private Optional<AssistantTool> find(String name) {
        return tools.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    private static List<ChatMessage> turns(List<DialogueMemory.Turn> recent) {
        var messages = new ArrayList<ChatMessage>();
        for (var turn : recent) {
            messages.add(ChatMessage.user(turn.user()));
            messages.add(ChatMessage.assistant(turn.assistant()));
        }
        return messages;
    }

    private static Map<String, Object> describe(PlanStep step) {
        var map = new LinkedHashMap<String, Object>();
        map.put("action", step.action());
        if (step.tool() != null) map.put("tool", step.tool());
        if (!step.args().isEmpty()) map.put("args", step.args());
        if (!step.input().isBlank()) map.put("input", step.input());
        return map;
    }

    static RecallParams readRecall(JsonNode node) {
        var keywords = node.get("keywords");
        if (keywords == null || !keywords.isArray()) throw new IllegalArgumentException("keywords: not a list");
        var words = new ArrayList<String>();
        keywords.forEach(k -> {
            if (k.isTextual()) words.add(k.asText());
        });
        return new RecallParams(words.stream().limit(6).toList(), instantOf(node.get("from")), instantOf(node.get("to")));
    }

    private static Optional<Instant> instantOf(JsonNode node) {
        return node != null && node.isTextual() ? BuiltInTools.instant(node.asText()) : Optional.empty();
    }

    static Plan readPlan(JsonNode node) {
        var steps = node.get("steps");
        if (steps == null || !steps.isArray()) throw new IllegalArgumentException("steps: not a list");
        var read = new ArrayList<PlanStep>();
        for (var step : steps) {
            if (!step.isObject()) throw new IllegalArgumentException("steps: not objects");
            @SuppressWarnings("unchecked")
            Map<String, Object> args = step.path("args").isObject() ? MAPPER.convertValue(step.get("args"), Map.class)
                    : Map.of();
            read.add(new PlanStep(step.path("action").asText(""), step.path("tool").isTextual()
                    ? step.get("tool").asText() : null, args, step.path("input").asText("")));
        }
        return Plan.of(read);
    }

    private static String planJson(Plan plan) {
        return json(Map.of("steps", plan.steps().stream().map(ReplyEngine::describe).toList()));
    }

    private static String recallJson(RecallParams params) {
        var map = new LinkedHashMap<String, Object>();
        map.put("keywords", params.keywords());
        map.put("from", params.from().map(Instant::toString).orElse(null));
        map.put("to", params.to().map(Instant::toString).orElse(null));
        return json(map);
    }

    private static String json(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String clip(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max) + "…";
    }
}
