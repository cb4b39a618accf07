package dev.parley.adapter.channels;

import dev.parley.application.outbox.Sender;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.ConnectionPool;
import okhttp3.EventListener;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * One request to a channel provider, classified for the outbox's at-most-once rules: an I/O failure before the request
 * started to go out (connection refused, unknown host, connect timeout, TLS handshake) is {@link Sender.Retryable};
 * one after (read timeout, connection lost) is {@link Sender.Unknown}; an answer is read by the sender. Either reason
 * names the exception's class (and its cause's) and the phase the call had reached, never a message (they can quote
 * hosts and values): {@code "no answer from twilio: SocketTimeoutException while waiting for the answer (the request
 * had left, new connection)"}.
 *
 * <p>Use {@link #client} for a sender's OkHttp client. For a sender that is not idempotent it
 * <ul>
 *   <li>opens a connection for every request and closes it after the answer (no pooled connection is reused): a
 *   pooled HTTP/1.1 connection may have been closed by the provider since its last answer (an HTTP/1.0 server, a proxy
 *   or an idle timeout that closes without saying so), and OkHttp checks a pooled connection only after 10 s idle,
 *   so the request would be written into a dead socket and fail after it had "left": a message the provider never saw
 *   counted as maybe sent;</li>
 *   <li>turns off OkHttp's silent retry of a request whose connection failed (which could send a message twice).</li>
 * </ul>
 * An idempotent sender keeps the shared pool and OkHttp's retry: a repeat carries the same idempotency key.
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
        var builder = base.newBuilder().retryOnConnectionFailure(idempotent)
                .eventListenerFactory(call -> {
                    var progress = call.request().tag(Progress.class);
                    return progress != null ? progress : EventListener.NONE;
                });
        // No idle connection is kept, so none can be stale: each request has a connection of its own.
        if (!idempotent) builder.connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS));
        return builder.build();
    }

    /** Executes {@code request} on a client made by {@link #client}; {@code provider} names it in reasons. */
    public static Sender.Result execute(OkHttpClient client, Request.Builder request, String provider, Answer answer) {
        var progress = new Progress();
        try (var response = client.newCall(request.tag(Progress.class, progress).build()).execute()) {
            var body = response.body().string();
            return answer.read(response, body);
        } catch (IOException e) {
            var cause = causes(e) + " while " + progress.phase;
            return progress.requestStarted
                    ? new Sender.Unknown("no answer from " + provider + ": " + cause + " (the request had left, "
                            + (progress.connectionReused ? "reused" : "new") + " connection)")
                    : new Sender.Retryable(provider + " unreachable: " + cause + " (the request did not leave)");
        }
    }

    /**
     * The class of {@code e}, and when it is a bare {@link IOException} (OkHttp's wrapper, "unexpected end of stream")
     * the class of what it wraps: {@code IOException (EOFException)}. No messages.
     */
    static String causes(Throwable e) {
        var name = e.getClass().getSimpleName();
        var cause = e.getCause();
        return e.getClass() == IOException.class && cause != null ? name + " (" + causes(cause) + ")" : name;
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

    /**
     * How far one call got (OkHttp's event phases): whether its request started to go out (from then on the provider
     * may have acted on it), on a new or a reused connection, and the phase it was in last.
     */
    private static final class Progress extends EventListener {
        volatile boolean requestStarted;
        volatile boolean connected;
        volatile boolean connectionReused;
        volatile String phase = "starting the call";

        @Override
        public void dnsStart(Call call, String domainName) {
            phase = "resolving the host";
        }

        @Override
        public void connectStart(Call call, java.net.InetSocketAddress address, java.net.Proxy proxy) {
            connected = true;
            phase = "connecting";
        }

        @Override
        public void secureConnectStart(Call call) {
            phase = "in the TLS handshake";
        }

        @Override
        public void connectionAcquired(Call call, Connection connection) {
            connectionReused = !connected;
            phase = "waiting to send";
        }

        @Override
        public void requestHeadersStart(Call call) {
            requestStarted = true;
            phase = "sending the request";
        }

        @Override
        public void requestHeadersEnd(Call call, Request request) {
            phase = "waiting for the answer";
        }

        @Override
        public void requestBodyStart(Call call) {
            phase = "sending the request's body";
        }

        @Override
        public void requestBodyEnd(Call call, long byteCount) {
            phase = "waiting for the answer";
        }

        @Override
        public void responseHeadersStart(Call call) {
            phase = "reading the answer"; // OkHttp reports it once the status line and headers are in
        }

        @Override
        public void responseBodyStart(Call call) {
            phase = "reading the answer's body";
        }
    }
}
