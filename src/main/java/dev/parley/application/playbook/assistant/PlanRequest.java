package dev.parley.application.playbook.assistant;

import dev.parley.application.PipelineEvent;
import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelGateway.OnInvalid;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.assistant.OfflinePlanner;
import dev.parley.domain.assistant.Plan;
import dev.parley.domain.assistant.PlanStep;
import dev.parley.domain.assistant.Profile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Seed 001 step 8, planning: the model's JSON plan (at most {@link Plan#MAX_STEPS} steps); an unreadable or empty
 * one is the seed's error branch. The plan is an {@code assistant_plan} event and a pipeline event.
 */
final class PlanRequest {
    private PlanRequest() {
    }

    static Optional<Plan> plan(ConversationSession session, ConversationModel model, Profile profile,
                               String finalPrompt, String toolsDescription, List<DialogueMemory.Turn> recent,
                               List<AssistantTool> allowed, boolean hasContext, String query) {
        var allowedNames = allowed.stream().map(AssistantTool::name).collect(Collectors.toSet());
        var messages = new ArrayList<ChatMessage>();
        messages.add(ChatMessage.system(profile.guidance() + "\n\nMake a plan to answer the user's latest message. "
                + "Answer with JSON only: {\"steps\": [{\"action\": \"ANALYZE\", \"input\": \"what to analyse\"}, "
                + "{\"action\": \"TOOL\", \"tool\": \"<tool>\", \"args\": {}}, {\"action\": \"FINAL_RESPONSE\"}]}. At "
                + "most " + Plan.MAX_STEPS + " steps; end with FINAL_RESPONSE.\n" + toolsDescription));
        messages.addAll(DialogueMemory.asMessages(recent));
        messages.add(ChatMessage.user(finalPrompt));
        var request = ModelRequest.of("plan", messages,
                () -> AssistantJson.planJson(OfflinePlanner.plan(query, allowedNames, hasContext))).withTemperature(0)
                .withMaxTokens(400);
        var answer = model.askJson(request, AssistantJson::readPlan, OnInvalid.REPORT);
        var plan = answer.value();
        var labels = plan.map(p -> p.steps().stream().map(PlanStep::label).toList()).orElse(List.of());
        var detail = new LinkedHashMap<String, Object>();
        detail.put("steps", plan.map(p -> p.steps().stream().map(AssistantJson::describe).toList()).orElse(List.of()));
        detail.put("valid", plan.isPresent() && !plan.get().isEmpty());
        plan.filter(p -> p.dropped() > 0).ifPresent(p -> detail.put("dropped_steps", p.dropped()));
        if (answer.invalidReason() != null) detail.put("reason", answer.invalidReason());
        else if (plan.isPresent() && plan.get().isEmpty()) detail.put("reason", "no steps");
        session.record("assistant_plan", detail);
        session.publish(new PipelineEvent.PlanMade(session.conversation().id(), labels,
                plan.isPresent() && !plan.get().isEmpty()));
        return plan;
    }
}
