package dev.parley.application.model;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One question to a language model. {@code task} names what is asked (route, classify, extract, plan, analyze,
 * answer, …; docs/models.md lists them) and is recorded with every call. {@code offline} is what the built-in
 * deterministic model answers to this request: every task must say it, so Parley works with no model configured,
 * and the same answer is the fallback when a configured model fails, times out or answers invalid JSON.
 *
 * @param json           ask for a JSON object (OpenAI {@code response_format: json_object})
 * @param temperature    sampling temperature; null leaves the provider's default
 * @param maxTokens      completion limit; null leaves the provider's default
 * @param timeout        the whole call's limit (retries included); null uses the provider's configured timeouts
 * @param conversationId the conversation the call serves, for the call log; null for none
 */
public record ModelRequest(String task, List<ChatMessage> messages, boolean json, Double temperature,
                           Integer maxTokens, Duration timeout, Long conversationId, Supplier<String> offline) {

    public ModelRequest {
        Objects.requireNonNull(task, "task");
        if (!isTaskName(task)) throw new IllegalArgumentException("bad task name: " + task);
        messages = List.copyOf(messages);
        if (messages.isEmpty()) throw new IllegalArgumentException("a request needs at least one message");
        Objects.requireNonNull(offline, "offline: every task says what the offline model answers");
    }

    /**
     * A task name: {@code [a-z][a-z0-9_]{0,63}}, checked by hand (issue 17: every pipeline step builds a request and
     * copies it with the {@code with…} methods, and the regular expression's matcher was a percent of the demo).
     */
    static boolean isTaskName(String task) {
        int n = task.length();
        if (n < 1 || n > 64) return false;
        char first = task.charAt(0);
        if (first < 'a' || first > 'z') return false;
        for (int i = 1; i < n; i++) {
            char c = task.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_')) return false;
        }
        return true;
    }

    /** A text request with the provider's defaults; refine it with the {@code with…} methods. */
    public static ModelRequest of(String task, List<ChatMessage> messages, Supplier<String> offline) {
        return new ModelRequest(task, messages, false, null, null, null, null, offline);
    }

    public ModelRequest asJson() {
        return new ModelRequest(task, messages, true, temperature, maxTokens, timeout, conversationId, offline);
    }

    public ModelRequest withTemperature(double value) {
        return new ModelRequest(task, messages, json, value, maxTokens, timeout, conversationId, offline);
    }

    public ModelRequest withMaxTokens(int value) {
        return new ModelRequest(task, messages, json, temperature, value, timeout, conversationId, offline);
    }

    public ModelRequest withTimeout(Duration value) {
        return new ModelRequest(task, messages, json, temperature, maxTokens, value, conversationId, offline);
    }

    public ModelRequest forConversation(long id) {
        return new ModelRequest(task, messages, json, temperature, maxTokens, timeout, id, offline);
    }

    /** The content of the last user message (empty when there is none): what most offline answers read. */
    public String lastUserMessage() {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role() == ChatMessage.Role.USER) return messages.get(i).content();
        }
        return "";
    }
}
