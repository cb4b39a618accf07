package dev.parley.adapter.http;

import dev.parley.application.operator.DeliverExternalEvent;
import dev.parley.application.operator.FindConversations;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.ReplyToConversation;
import dev.parley.application.operator.RetryInboxMessage;
import dev.parley.application.operator.StartConversation;
import dev.parley.application.operator.UnblockConversation;
import dev.parley.application.outbox.ResolveUndelivered;
import dev.parley.application.store.ConversationQuery;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The operator API under /api (bearer token). Every action goes through the same use cases as the console. */
public final class ApiRoutes {
    private final FindConversations find;
    private final StartConversation start;
    private final ReplyToConversation reply;
    private final UnblockConversation unblock;
    private final RetryInboxMessage retry;
    private final DeliverExternalEvent externalEvent;
    private final ResolveUndelivered undelivered;
    private final java.util.function.Supplier<String> eventsSecret;
    private final java.time.Clock clock;

    public ApiRoutes(FindConversations find, StartConversation start, ReplyToConversation reply,
                     UnblockConversation unblock, RetryInboxMessage retry, DeliverExternalEvent externalEvent,
                     ResolveUndelivered undelivered) {
        this(find, start, reply, unblock, retry, externalEvent, undelivered, () -> "", java.time.Clock.systemUTC());
    }

    /**
     * @param eventsSecret {@code api.events.secret}: when set, external events must also carry a Standard Webhooks
     *                     signature
     */
    public ApiRoutes(FindConversations find, StartConversation start, ReplyToConversation reply,
                     UnblockConversation unblock, RetryInboxMessage retry, DeliverExternalEvent externalEvent,
                     ResolveUndelivered undelivered, java.util.function.Supplier<String> eventsSecret,
                     java.time.Clock clock) {
        this.eventsSecret = eventsSecret;
        this.clock = clock;
        this.find = find;
        this.start = start;
        this.reply = reply;
        this.unblock = unblock;
        this.retry = retry;
        this.externalEvent = externalEvent;
        this.undelivered = undelivered;
    }

    public List<Route> routes() {
        return List.of(
                Route.api("GET", "/api/conversations", this::list),
                Route.api("POST", "/api/conversations", this::start),
                Route.api("GET", "/api/conversations/{id}", r -> HttpResponse.json(200,
                        ApiViews.detail(find.detail(id(r))))),
                Route.api("POST", "/api/conversations/{id}/reply", this::reply),
                Route.api("POST", "/api/conversations/{id}/unblock", this::unblock),
                Route.api("POST", "/api/conversations/{id}/events", this::event),
                Route.api("GET", "/api/inbox", this::inbox),
                Route.api("POST", "/api/inbox/{id}/retry", this::retryInbox),
                Route.api("GET", "/api/outbox", this::outbox),
                Route.api("POST", "/api/outbox/{id}/mark-sent", this::markSent),
                Route.api("POST", "/api/outbox/{id}/send-again", this::sendAgain),
                Route.api("POST", "/api/outbox/{id}/cancel", this::cancel));
    }

    private HttpResponse list(HttpRequest r) {
        var q = r.query();
        int limit = intParam(q.get("limit"), "limit", 50, 1, 500);
        Instant afterAt = null;
        Long afterId = null;
        var cursor = q.get("cursor");
        if (cursor != null && !cursor.isEmpty()) {
            try {
                var parts = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).split("\\|");
                afterAt = Instant.parse(parts[0]);
                afterId = Long.parseLong(parts[1]);
            } catch (RuntimeException e) {
                throw new InvalidRequestException("cursor", "cursor is not one this API returned");
            }
        }
        var page = find.page(new ConversationQuery(blankToNull(q.get("channel")), blankToNull(q.get("key")),
                blankToNull(q.get("state")), blankToNull(q.get("playbook")), limit + 1, afterAt, afterId));
        var items = page.stream().limit(limit).map(ApiViews::summary).toList();
        String next = null;
        if (page.size() > limit) {
            var last = page.get(limit - 1);
            next = Base64.getUrlEncoder().withoutPadding().encodeToString(
                    (last.updatedAt() + "|" + last.id()).getBytes(StandardCharsets.UTF_8));
        }
        var body = new LinkedHashMap<String, Object>();
        body.put("items", items);
        body.put("next_cursor", next);
        return HttpResponse.json(200, body);
    }

    private HttpResponse start(HttpRequest r) {
        var body = JsonBodies.object(r.body());
        var started = start.start(new StartConversation.Command(JsonBodies.string(body, "playbook"),
                JsonBodies.string(body, "channel"), JsonBodies.string(body, "to"), JsonBodies.string(body, "text"),
                JsonBodies.string(body, "actor")));
        return HttpResponse.json(201, Map.of("id", started.conversationId(), "outbox_id", started.outboxId()));
    }

    private HttpResponse reply(HttpRequest r) {
        long id = id(r);
        var body = JsonBodies.object(r.body());
        long outboxId = reply.reply(id, JsonBodies.string(body, "text"), JsonBodies.string(body, "actor"),
                JsonBodies.bool(body, "over_claim"));
        return HttpResponse.json(202, Map.of("outbox_id", outboxId));
    }

    private HttpResponse unblock(HttpRequest r) {
        long id = id(r);
        var body = JsonBodies.object(r.body());
        var state = unblock.unblock(id, JsonBodies.string(body, "resume_state"), JsonBodies.string(body, "note"),
                JsonBodies.string(body, "actor"));
        return HttpResponse.json(200, Map.of("id", id, "state", state));
    }

    /**
     * An external event (a signing service, a supplier system, a tool). Signed when {@code api.events.secret} is set
     * (Standard Webhooks headers, checked before the body is read); idempotent per {@code Idempotency-Key} (else the
     * signature's {@code webhook-id}): a repeat answers 200 with {@code "duplicate": true} and delivers nothing.
     */
    private HttpResponse event(HttpRequest r) {
        long id = id(r);
        var secret = eventsSecret.get();
        var signature = r.header(dev.parley.adapter.http.signature.StandardWebhooks.HEADER_SIGNATURE);
        if (secret != null && !secret.isEmpty()) {
            var verified = dev.parley.adapter.http.signature.StandardWebhooks.of(secret, clock).verify(
                    r.header(dev.parley.adapter.http.signature.StandardWebhooks.HEADER_ID),
                    r.header(dev.parley.adapter.http.signature.StandardWebhooks.HEADER_TIMESTAMP), signature, r.body());
            if (!(verified instanceof dev.parley.adapter.http.signature.VerificationResult.Verified)) {
                return HttpResponse.unauthorized();
            }
        } else if (signature != null) {
            // a signature no secret can check is not silently accepted as if it had been
            return HttpResponse.unauthorized();
        }
        var key = r.header("Idempotency-Key");
        if (key == null && signature != null) key = r.header(dev.parley.adapter.http.signature.StandardWebhooks.HEADER_ID);
        var body = JsonBodies.object(r.body());
        var name = JsonBodies.string(body, "name");
        var delivery = externalEvent.deliver(id, name, JsonBodies.objectField(body, "data"),
                JsonBodies.string(body, "actor"), key);
        var out = new LinkedHashMap<String, Object>();
        out.put("id", id);
        out.put("event", name);
        out.put("state", delivery.stateAfter());
        if (key != null) out.put("duplicate", delivery.duplicate());
        return HttpResponse.json(delivery.duplicate() ? 200 : 202, out);
    }

    private HttpResponse inbox(HttpRequest r) {
        var q = r.query();
        InboxStatus status;
        try {
            status = InboxStatus.valueOf(q.getOrDefault("status", "FAILED").toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("status", "status must be one of RECEIVED, PROCESSED, FAILED");
        }
        int limit = intParam(q.get("limit"), "limit", 100, 1, 1000);
        return HttpResponse.json(200, Map.of("items", find.inbox(status, limit).stream().map(ApiViews::inbox)
                .toList()));
    }

    private HttpResponse retryInbox(HttpRequest r) {
        long id = id(r);
        var body = r.body().length == 0 ? null : JsonBodies.object(r.body());
        retry.retry(id, body == null ? null : JsonBodies.string(body, "actor"));
        return HttpResponse.json(202, Map.of("id", id, "status", "RECEIVED"));
    }

    private HttpResponse outbox(HttpRequest r) {
        var q = r.query();
        OutboxStatus status;
        try {
            status = OutboxStatus.valueOf(q.getOrDefault("status", "DELIVERY_UNKNOWN").toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("status", "status must be one of "
                    + java.util.Arrays.toString(OutboxStatus.values()));
        }
        int limit = intParam(q.get("limit"), "limit", 100, 1, 1000);
        return HttpResponse.json(200, Map.of("items", find.outbox(status, limit).stream().map(ApiViews::outbox)
                .toList()));
    }

    private HttpResponse markSent(HttpRequest r) {
        long id = id(r);
        var body = JsonBodies.object(r.body());
        var row = undelivered.markSent(id, JsonBodies.string(body, "provider_id"), JsonBodies.string(body, "actor"));
        return HttpResponse.json(200, ApiViews.outbox(row));
    }

    private HttpResponse sendAgain(HttpRequest r) {
        long id = id(r);
        var body = JsonBodies.object(r.body());
        var row = undelivered.sendAgain(id, JsonBodies.string(body, "actor"));
        return HttpResponse.json(202, ApiViews.outbox(row));
    }

    private HttpResponse cancel(HttpRequest r) {
        long id = id(r);
        var body = JsonBodies.object(r.body());
        var row = undelivered.cancelScheduled(id, JsonBodies.string(body, "actor"));
        return HttpResponse.json(200, ApiViews.outbox(row));
    }

    private static long id(HttpRequest r) {
        try {
            return Long.parseLong(r.path("id"));
        } catch (NumberFormatException e) {
            throw new dev.parley.application.operator.NotFoundException("id " + r.path("id"));
        }
    }

    private static int intParam(String value, String field, int fallback, int min, int max) {
        if (value == null || value.isEmpty()) return fallback;
        try {
            int n = Integer.parseInt(value);
            if (n < min || n > max) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new InvalidRequestException(field, field + " must be a whole number from " + min + " to " + max);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
