package dev.parley.application.playbook.assistant;

import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelGateway.OnInvalid;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.assistant.Profile;
import dev.parley.domain.assistant.RecallCues;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Seed 001 step 4, conversation memory enrichment: recall parameters from the model; the recall tool runs only with
 * keywords and the profile's permission. Every outcome, skipped or not, is an {@code assistant_recall} event.
 */
final class MemoryRecall {
    private final List<AssistantTool> tools;
    private final ZoneId zone;

    /** {@code tools}: the engine's tools, among them {@link BuiltInTools#RECALL_CONVERSATION}. */
    MemoryRecall(List<AssistantTool> tools, ZoneId zone) {
        this.tools = tools;
        this.zone = zone;
    }

    /** The earlier messages that bear on the query, one a line; empty when recall was skipped or found nothing. */
    List<String> recall(ConversationSession session, ConversationModel model, ToolContext context, Profile profile,
                        String query) {
        var now = session.now();
        var request = ModelRequest.of("recall_params", List.of(ChatMessage.system("Does the user's message refer "
                        + "back to something earlier in this conversation? Answer with JSON only: {\"keywords\": [up to "
                        + "6 words to search earlier messages for], \"from\": ISO-8601 instant or null, \"to\": ISO-8601 "
                        + "instant or null}. Use an empty keyword list when it does not refer back. Now is " + now + "."),
                ChatMessage.user(query)), () -> AssistantJson.recallJson(RecallCues.extract(query, now, zone)))
                .withTemperature(0).withMaxTokens(100);
        var answer = model.askJson(request, AssistantJson::readRecall, OnInvalid.REPORT);
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
        var tool = tools.stream().filter(t -> t.name().equals(BuiltInTools.RECALL_CONVERSATION)).findFirst()
                .orElseThrow();
        var outcome = ToolCalls.run(session, context, tool, args, -1);
        detail.put("outcome", outcome.recorded());
        session.record("assistant_recall", detail);
        return outcome.status() == AssistantTool.Outcome.Status.OK ? outcome.text().lines().toList() : List.of();
    }
}
