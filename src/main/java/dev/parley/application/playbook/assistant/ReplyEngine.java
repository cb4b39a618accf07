package dev.parley.application.playbook.assistant;

import dev.parley.application.playbook.MessageEmbeddings;
import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.assistant.AnswerComposer;
import dev.parley.domain.assistant.Keywords;
import dev.parley.domain.assistant.Plan;
import dev.parley.domain.assistant.Profile;
import dev.parley.domain.assistant.Redactor;
import dev.parley.domain.assistant.ToolProtocol;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Seed 001's reply flow for one user message, every step and branch: redact → route to a profile → recent dialogue →
 * recall enrichment → document snippets → final prompt → tool allowlist and protocol → plan (at most 6 steps) and
 * execute it → plain retry when empty → sanitise. Each step leaves a timeline event (the console shows them);
 * the plan and each tool call are also pipeline events (transcript lines). Models only ever see redacted text.
 * <p>
 * The steps: {@link ProfileRouting}, {@link MemoryRecall}, {@link PlanRequest}, {@link PlanExecution} (tool calls
 * through {@link ToolCalls}), the model's JSON in {@link AssistantJson}.
 */
public final class ReplyEngine {
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

    private final DialogueMemory memory;
    private final DocumentLibrary documents;
    private final List<AssistantTool> tools;
    private final Redactor redactor;
    private final ZoneId zone;
    private final MessageEmbeddings embeddings;
    private final ProfileRouting routing;
    private final MemoryRecall recall;

    /**
     * @param tools      the built-in tools and, when servers are configured, the external tool channel
     * @param embeddings stored message embeddings for semantic recall; null for keyword recall only
     */
    public ReplyEngine(Profiles profiles, DialogueMemory memory, DocumentLibrary documents, List<AssistantTool> tools,
                       Redactor redactor, ZoneId zone, MessageEmbeddings embeddings) {
        this.embeddings = embeddings;
        this.memory = memory;
        this.documents = documents;
        this.tools = List.copyOf(tools);
        this.redactor = redactor;
        this.zone = zone;
        this.routing = new ProfileRouting(profiles);
        this.recall = new MemoryRecall(this.tools, zone);
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
        var profile = routing.route(session, model, query);

        // 3. Recent dialogue (last 5 minutes).
        var recent = memory.recent(session.conversation().id(), session.now().minus(MEMORY_WINDOW));

        // 4. Conversation memory enrichment.
        var memoryContext = recall.recall(session, model, context, profile, query);

        // 5–6. Document snippets and the final prompt, in the seed's order.
        var snippets = documents.snippets(Keywords.of(query, 8), SNIPPETS);
        if (!snippets.isEmpty()) session.record("assistant_documents", Map.of("snippets", snippets.size()));
        var finalPrompt = FinalPrompt.build(memoryContext, snippets, query);

        // 7. Allowed tools and their JSON-only description.
        var allowed = tools.stream().filter(t -> profile.allows(t.name()))
                .filter(t -> !(t instanceof ExternalToolChannel channel) || channel.configured()).toList();
        var toolsDescription = ToolDescriptions.describe(allowed);

        // 8. Plan, then execute.
        var planned = PlanRequest.plan(session, model, profile, finalPrompt, toolsDescription, recent, allowed,
                !memoryContext.isEmpty() || !snippets.isEmpty(), query);
        if (planned.isEmpty() || planned.get().isEmpty()) {
            return new Reply(PLAN_ERROR, profile, planned.orElse(Plan.of(List.of())), Outcome.PLAN_ERROR, false, query);
        }
        var plan = planned.get();
        var run = new PlanExecution(session, model, context, profile, finalPrompt, recent, tools, allowed, query,
                snippets, memoryContext);
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

    private String plainRetry(ConversationModel model, Profile profile, String finalPrompt,
                              List<DialogueMemory.Turn> recent, PlanExecution run, String query, List<String> snippets,
                              List<String> memoryContext) {
        var messages = new ArrayList<ChatMessage>();
        messages.add(ChatMessage.system(profile.guidance() + "\n\nAnswer the user's latest message briefly. Plain "
                + "text."));
        messages.addAll(DialogueMemory.asMessages(recent));
        messages.add(ChatMessage.user(finalPrompt));
        var composed = new AnswerComposer.Context(query, profile, run.toolTexts, snippets, memoryContext);
        var request = ModelRequest.of("answer_plain", messages, () -> AnswerComposer.compose(composed))
                .withMaxTokens(400);
        return ToolProtocol.sanitise(model.ask(request).content());
    }

}
