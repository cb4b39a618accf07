package dev.parley.application.playbook;

import dev.parley.application.model.JsonAnswer;
import dev.parley.application.model.JsonReader;
import dev.parley.application.model.ModelAnswer;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.model.RequestHash;
import java.util.LinkedHashMap;

/**
 * The model gateway as a playbook uses it inside one conversation: calls are logged against the conversation, and
 * an answer the offline model had to give in place of the configured one is a {@code model_fallback} event on the
 * timeline (task, provider, reason), so an operator sees why a reply was decided by the rules.
 */
public final class ConversationModel {
    /** The kind of slow call a model request is ({@link SlowCalls}). */
    public static final String KIND = "model";

    private final ModelGateway gateway;
    private final ConversationSession session;

    public ConversationModel(ModelGateway gateway, ConversationSession session) {
        this.gateway = gateway;
        this.session = session;
    }

    /** The model's answer to {@code request}: asked at Prepare, recalled at Commit (the session's slow calls). */
    public ModelAnswer ask(ModelRequest request) {
        var bound = bound(request);
        var answer = session.slow().call(KIND, session.occurrence("text:" + RequestHash.of(bound)),
                () -> gateway.ask(bound));
        noteFallback(request.task(), answer);
        return answer;
    }

    public <T> JsonAnswer<T> askJson(ModelRequest request, JsonReader<T> reader, ModelGateway.OnInvalid onInvalid) {
        var bound = bound(request);
        JsonAnswer<T> answer = session.slow().call(KIND,
                session.occurrence("json:" + onInvalid + ":" + RequestHash.of(bound)),
                () -> gateway.askJson(bound, reader, onInvalid));
        noteFallback(request.task(), answer.answer());
        return answer;
    }

    /**
     * The request as the call log files it: under this conversation (for a dry run's first message, the
     * conversation's provisional id, which the pipeline replaces once the conversation exists).
     */
    private ModelRequest bound(ModelRequest request) {
        return request.forConversation(session.conversation().id());
    }

    /** Which model answers: {@code offline}, or e.g. {@code openai llama3.1:8b}. */
    public String describe() {
        return "offline".equals(gateway.provider()) ? "offline" : gateway.provider() + " " + gateway.model();
    }

    private void noteFallback(String task, ModelAnswer answer) {
        if (!answer.fellBack()) return;
        var detail = new LinkedHashMap<String, Object>();
        detail.put("task", task);
        detail.put("configured", gateway.provider() + " " + gateway.model());
        detail.put("answered_by", answer.provider());
        detail.put("reason", answer.fallbackReason());
        session.record("model_fallback", detail);
    }
}
