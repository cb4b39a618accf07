package dev.parley.adapter.http;

import dev.parley.adapter.safety.SafetyJson;
import dev.parley.application.safety.SafetyModel;
import dev.parley.domain.safety.BehaviourFacts;
import dev.parley.domain.safety.InvalidSafetyRequestException;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyValidator;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code POST /api/validate} (bearer token): seed 002's validator on one message. Body
 * {@code {"direction", "payload": {"content", "sender", "recipient", "channel", "timestamp"}}}; answer 200 with the
 * seed's standard JSON, or 400 {@code {"error", "detail", "field"}} ({@code invalid_direction} for the router's error
 * path, {@code invalid_request} otherwise). Validating records nothing: the behavioural facts are read, not written.
 * The header {@value #POLICY_VERSION} names the policy version of the answer. {@code ?operator=true} asks about an
 * operator's own outbound message (the pipeline's operator exemption: no quiet hours, no frequency limits).
 */
public final class SafetyRoutes {
    /** The answer's header naming the policy version that decided (the body is exactly the seed's JSON). */
    public static final String POLICY_VERSION = "Parley-Safety-Policy-Version";
    /** The query parameter that asks about an operator's own outbound message ({@code true} or {@code false}). */
    public static final String OPERATOR = "operator";
    private final Supplier<SafetyValidator> validator;
    private final RequestFacts facts;
    private final SafetyModel model;

    /** The behavioural facts of one request; {@code operator}: an outbound message an operator writes. */
    @FunctionalInterface
    public interface RequestFacts {
        BehaviourFacts of(SafetyRequest request, boolean operator);
    }

    /**
     * @param validator the validator in use (the live policy)
     * @param facts     the behavioural facts for one request (from the store when one is open)
     */
    public SafetyRoutes(Supplier<SafetyValidator> validator, RequestFacts facts) {
        this(validator, facts, SafetyModel.OFF);
    }

    /** As above, with the learned heads of {@code model} beside the lexicons (ADR 0019). */
    public SafetyRoutes(Supplier<SafetyValidator> validator, RequestFacts facts, SafetyModel model) {
        this.validator = validator;
        this.facts = facts;
        this.model = model;
    }

    private static boolean operator(String value) {
        if (value == null || value.equals("false")) return false;
        if (value.equals("true")) return true;
        throw new InvalidSafetyRequestException("invalid_request", OPERATOR, "operator: must be true or false");
    }

    public List<Route> routes() {
        return List.of(Route.api("POST", "/api/validate", this::validate));
    }

    private HttpResponse validate(HttpRequest r) {
        var body = JsonBodies.object(r.body());
        SafetyRequest request;
        boolean operator;
        try {
            operator = operator(r.query().get(OPERATOR));
            request = SafetyJson.request(body);
        } catch (InvalidSafetyRequestException e) {
            return HttpResponse.json(400, SafetyJson.error(e, 0));
        }
        var live = validator.get(); // one policy for the whole answer, even while Settings saves a new one
        var result = live.validate(request, facts.of(request, operator), model.forText());
        return HttpResponse.json(200, SafetyJson.standard(result)).withHeader(POLICY_VERSION, live.policyVersion());
    }
}
