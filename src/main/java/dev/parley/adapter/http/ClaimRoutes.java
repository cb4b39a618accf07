package dev.parley.adapter.http;

import dev.parley.application.operator.ClaimConversation;
import dev.parley.domain.conversation.ConversationClaim;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Conversation claims of a team (docs/api.md, "Claims"): who answers a person, assign to me, release. */
public final class ClaimRoutes {
    private final ClaimConversation claims;

    public ClaimRoutes(ClaimConversation claims) {
        this.claims = claims;
    }

    public List<Route> routes() {
        return List.of(
                Route.api("GET", "/api/conversations/{id}/claim", r -> HttpResponse.json(200,
                        view(id(r), claims.holder(id(r))))),
                Route.api("POST", "/api/conversations/{id}/claim", r -> {
                    var body = JsonBodies.object(r.body());
                    var claim = claims.claim(id(r), JsonBodies.string(body, "actor"),
                            JsonBodies.bool(body, "take_over"));
                    return HttpResponse.json(200, view(claim.conversationId(), Optional.of(claim)));
                }),
                Route.api("POST", "/api/conversations/{id}/release", r -> {
                    var body = JsonBodies.object(r.body());
                    boolean released = claims.release(id(r), JsonBodies.string(body, "actor"),
                            JsonBodies.bool(body, "force"));
                    return HttpResponse.json(200, Map.of("conversation_id", id(r), "released", released));
                }));
    }

    private static Map<String, Object> view(long conversationId, Optional<ConversationClaim> claim) {
        var out = new LinkedHashMap<String, Object>();
        out.put("conversation_id", conversationId);
        out.put("claimed_by", claim.map(ConversationClaim::operator).orElse(null));
        out.put("since", claim.map(c -> c.since().toString()).orElse(null));
        return out;
    }

    private static long id(HttpRequest r) {
        try {
            return Long.parseLong(r.path("id"));
        } catch (NumberFormatException e) {
            throw new dev.parley.application.operator.NotFoundException("id " + r.path("id"));
        }
    }
}
