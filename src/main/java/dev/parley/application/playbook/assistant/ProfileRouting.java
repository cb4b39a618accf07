package dev.parley.application.playbook.assistant;

import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelGateway.OnInvalid;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.assistant.OfflineRouter;
import dev.parley.domain.assistant.Profile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Seed 001 step 2: the model picks a profile; a token that names no profile means the default. */
final class ProfileRouting {
    private final Profiles profiles;

    ProfileRouting(Profiles profiles) {
        this.profiles = profiles;
    }

    Profile route(ConversationSession session, ConversationModel model, String query) {
        var all = profiles.all();
        var fallback = profiles.defaultProfile();
        var list = all.stream().map(p -> "- " + p.name() + ": " + p.description()).collect(Collectors.joining("\n"));
        var request = ModelRequest.of("route", List.of(ChatMessage.system("Choose the assistant profile that suits "
                        + "the user's message best.\nProfiles:\n" + list + "\nAnswer with JSON only: {\"profile\": "
                        + "\"<name>\"}. If none fits clearly, answer {\"profile\": \"" + fallback.name() + "\"}."),
                ChatMessage.user(query)),
                () -> AssistantJson.json(Map.of("profile", OfflineRouter.route(all, fallback.name(), query))))
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
}
