package dev.parley.adapter.http;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parley's HTTP/1.1 server: one virtual thread a connection, blocking I/O, persistent connections. It reads every
 * request itself ({@link RequestHead}, {@link RequestBody}), so whatever is wrong with a request, down to a broken
 * request line, is answered in Parley's JSON error shape (docs/decisions/0002-http-server.md). A request must arrive
 * whole within the request timeout and a response be taken within the response timeout, or the connection is cut.
 */
final class Http1Server implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Http1Server.class);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);

    /** Answers one request whose head and body were read. Must not throw. */
    interface Handler {
        HttpResponse handle(RequestHead head, byte[] body, InetSocketAddress local, InetSocketAddress remote);
    }

    private final ServerSocket socket;
    private final int maxBodyBytes;
    private final Duration requestTimeout;
    private final Duration responseTimeout;
    private final ExecutorService connections = Executors.newVirtualThreadPerTaskExecutor();
    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("parley-http-deadlines").unstarted(r));
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger handling = new AtomicInteger();
    private volatile boolean stopping;

    Http1Server(InetSocketAddress address, int maxBodyBytes, Duration requestTimeout, Duration responseTimeout)
            throws IOException {
        this.maxBodyBytes = maxBodyBytes;
        this.requestTimeout = requestTimeout;
        this.responseTimeout = responseTimeout;
        this.socket = new ServerSocket();
        try {
            socket.bind(address, 512);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    void start(Handler handler) {
        Thread.ofPlatform().daemon().name("parley-http-accept").start(() -> accept(handler));
    }

    private void accept(Handler handler) {
        while (!stopping) {
            try {
                var connection = socket.accept();
                open.add(connection);
                connections.execute(() -> serve(connection, handler));
            } catch (IOException e) {
                if (!stopping) LOG.warn("accept failed: {}", e.getClass().getSimpleName());
            } catch (java.util.concurrent.RejectedExecutionException e) {
                return; // closing
            }
        }
    }

    private void serve(Socket connection, Handler handler) {
        try (connection) {
            connection.setTcpNoDelay(true);
            var in = new BufferedInputStream(connection.getInputStream(), 8192);
            var out = new BufferedOutputStream(connection.getOutputStream(), 8192);
            var local = (InetSocketAddress) connection.getLocalSocketAddress();
            var remote = (InetSocketAddress) connection.getRemoteSocketAddress();
            boolean keepAlive = true;
            while (keepAlive && !stopping) {
                connection.setSoTimeout((int) IDLE_TIMEOUT.toMillis());
                in.mark(1);
                if (in.read() < 0) return;
                in.reset();
                // From the first byte, the whole request must arrive within the request timeout (slow clients).
                var cut = deadlines.schedule(() -> closeQuietly(connection), requestTimeout.toMillis(),
                        TimeUnit.MILLISECONDS);
                RequestHead head;
                byte[] body;
                try {
                    head = RequestHead.read(in);
                    if (head == null) return;
                    body = RequestBody.read(head, in, out, maxBodyBytes);
                } catch (HttpProtocolException e) {
                    cut.cancel(false);
                    write(out, connection, "GET", e.response(), false);
                    lingerAndClose(connection, in);
                    return;
                }
                cut.cancel(false);
                HttpResponse response;
                // Counted from here until the answer is written, so that stop() waits for both; a request read
                // once stopping has begun is not handled (its sender may retry; Twilio does on a 503).
                handling.incrementAndGet();
                try {
                    if (stopping) {
                        response = HttpResponse.error(503, "shutting_down", "Parley is stopping; try again");
                    } else {
                        try {
                            response = handler.handle(head, body, local, remote);
                        } catch (RuntimeException e) {
                            // The handler maps failures itself; this is the last guard: a client always gets an answer.
                            LOG.error("request handling failed", dev.parley.application.RedactedThrowable.of(e));
                            response = HttpResponse.error(500, "internal_error", "the request could not be completed");
                        }
                    }
                    keepAlive = head.keepAlive() && !stopping
                            && !"close".equals(response.headers().get("Connection"));
                    if (head.http10() && keepAlive) response = response.withHeader("Connection", "keep-alive");
                    write(out, connection, head.method(), response, keepAlive);
                } finally {
                    handling.decrementAndGet();
                }
            }
        } catch (IOException e) {
            LOG.debug("connection ended: {}", e.getClass().getSimpleName());
        } catch (java.util.concurrent.RejectedExecutionException stopped) {
            LOG.debug("connection ended: listener stopped");
        } finally {
            open.remove(connection);
        }
    }

    private void write(OutputStream out, Socket connection, String method, HttpResponse response, boolean keepAlive)
            throws IOException {
        java.util.concurrent.ScheduledFuture<?> cut;
        try {
            cut = deadlines.schedule(() -> closeQuietly(connection), responseTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException stopped) {
            // stop() has given up waiting and is closing every connection: this answer cannot be written
            throw new java.io.IOException("listener stopped", stopped);
        }
        try {
            var head = new StringBuilder(256).append("HTTP/1.1 ").append(response.status()).append(' ')
                    .append(reason(response.status())).append("\r\n")
                    .append("Content-Type: ").append(response.contentType()).append("\r\n")
                    .append("Content-Length: ").append(response.body().length).append("\r\n");
            response.headers().forEach((name, value) -> {
                if (!name.equalsIgnoreCase("Connection")) head.append(name).append(": ").append(value).append("\r\n");
            });
            if (!keepAlive) head.append("Connection: close\r\n");
            else if (response.headers().containsKey("Connection")) {
                head.append("Connection: ").append(response.headers().get("Connection")).append("\r\n");
            }
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            if (!method.equals("HEAD")) out.write(response.body());
            out.flush();
        } finally {
            cut.cancel(false);
        }
    }

    /**
     * After an error answered before the request was read whole: stop sending, then read and discard what the client
     * still sends (bounded), so that closing does not reset the connection before the client has read the answer.
     */
    private static void lingerAndClose(Socket connection, java.io.InputStream in) {
        try {
            connection.shutdownOutput();
            connection.setSoTimeout(1_000);
            var discard = new byte[8192];
            long total = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            int n;
            while (total < 4 << 20 && System.nanoTime() < deadline && (n = in.read(discard)) > 0) total += n;
        } catch (IOException ignored) {
            // the client is gone or silent: close
        }
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 201 -> "Created";
            case 202 -> "Accepted";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 409 -> "Conflict";
            case 413 -> "Content Too Large";
            case 414 -> "URI Too Long";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 503 -> "Service Unavailable";
            case 505 -> "HTTP Version Not Supported";
            default -> "Status";
        };
    }

    private static void closeQuietly(Socket connection) {
        try {
            connection.close();
        } catch (IOException ignored) {
            // already gone
        }
    }

    /**
     * Stops taking connections, lets requests being handled finish (up to {@code grace}), then closes every
     * connection: idle ones at once.
     */
    void stop(Duration grace) {
        stopping = true;
        closeQuietly(socket);
        long deadline = System.nanoTime() + grace.toNanos();
        while (handling.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        open.forEach(Http1Server::closeQuietly);
        connections.shutdown();
        deadlines.shutdownNow();
    }

    private static void closeQuietly(ServerSocket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() {
        stop(Duration.ZERO);
    }
}
