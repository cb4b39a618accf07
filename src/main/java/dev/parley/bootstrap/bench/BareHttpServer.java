package dev.parley.bootstrap.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The ceiling for ingest: the server Parley's listener runs on (Jetty, handlers on virtual threads) reading the body
 * and answering 202, nothing else.
 */
final class BareHttpServer implements AutoCloseable {
    private static final byte[] BODY = "{\"message_id\":1,\"duplicate\":false}".getBytes(StandardCharsets.UTF_8);
    private final Server server;
    private final ServerConnector connector;

    BareHttpServer() throws IOException {
        var threads = new QueuedThreadPool();
        threads.setVirtualThreadsExecutor(VirtualThreads.getNamedVirtualThreadsExecutor("bench-bare"));
        server = new Server(threads);
        connector = new ServerConnector(server, 1, 1);
        connector.setHost(InetAddress.getLoopbackAddress().getHostAddress());
        connector.setPort(0);
        connector.setAcceptQueueSize(512);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract(Handler.Abstract.InvocationType.BLOCKING) {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws IOException {
                Content.Source.asInputStream(request).readAllBytes();
                response.setStatus(202);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, BODY.length);
                response.write(true, ByteBuffer.wrap(BODY), callback);
                return true;
            }
        });
        try {
            server.start();
        } catch (Exception e) {
            throw new IOException("the bare server could not start", e);
        }
    }

    String baseUrl() {
        return "http://127.0.0.1:" + connector.getLocalPort();
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            // the benchmark is over; nothing is left to answer
        }
    }
}
