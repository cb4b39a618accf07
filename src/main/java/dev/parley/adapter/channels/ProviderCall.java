package dev.parley.adapter.channels;

import dev.parley.application.outbox.Sender;
import java.io.IOException;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * One request to a channel provider, classified for the outbox's at-most-once rules: an I/O failure before the request
 * was written (connection refused, unknown host, connect timeout) is {@link Sender.Retryable}; one after it was
 * written (read timeout, connection lost) is {@link Sender.Unknown}; an answer is read by the sender.
 *
 * <p>Use {@link #client} for a sender's OkHttp client: it tracks whether each request was written, and for a sender
 * that is not idempotent it turns off OkHttp's silent retry of a request whose connection failed (which could
 * send a message twice).
 */
public final class ProviderCall {

    /** Reads a provider's answer (any status) into a result. */
    @FunctionalInterface
    public interface Answer {
        Sender.Result read(Response response, String body) throws IOException;
    }

    private ProviderCall() {
    }

    public static OkHttpClient client(OkHttpClient base, boolean idempotent) {
        return base.newBuilder().retryOnConnectionFailure(idempotent)
                .eventListenerFactory(call -> {
                    var progress = call.request().tag(Progress.class);
                    return progress != null ? progress : EventListener.NONE;
                }).build();
    }

    /** Executes {@code request} on a client made by {@link #client}; {@code provider} names it in reasons. */
    public static Sender.Result execute(OkHttpClient client, Request.Builder request, String provider, Answer answer) {
        var progress = new Progress();
        try (var response = client.newCall(request.tag(Progress.class, progress).build()).execute()) {
            var body = response.body().string();
            return answer.read(response, body);
        } catch (IOException e) {
            return progress.requestStarted
                    ? new Sender.Unknown("no answer from " + provider + ": " + e.getClass().getSimpleName())
                    : new Sender.Retryable(provider + " unreachable: " + e.getClass().getSimpleName());
        }
    }

    /**
     * The usual reading of an HTTP status when the provider gave no more specific answer: 429 and 503 say the
     * message was not taken (try later); any other 5xx leaves it unknown; any other 4xx is a refusal.
     */
    public static Sender.Result byStatus(int status, String reason) {
        if (status == 429 || status == 503) return new Sender.Retryable(reason);
        if (status >= 500) return new Sender.Unknown(reason);
        return new Sender.Permanent(reason, false);
    }

    /** Whether the request's headers started to go out: from then on the provider may have acted on it. */
    private static final class Progress extends EventListener {
        volatile boolean requestStarted;

        @Override
        public void requestHeadersStart(Call call) {
            requestStarted = true;
        }
    }
}
