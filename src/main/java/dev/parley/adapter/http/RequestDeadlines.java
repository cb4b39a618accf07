package dev.parley.adapter.http;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.component.AbstractLifeCycle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Slow clients are cut off: from its first byte, a request (head and body) must arrive whole within the timeout, or
 * its connection is closed without an answer. Jetty's idle timeout only bounds the pause between two reads, so a
 * client trickling a byte now and then could hold a connection for ever; this sweep looks at every connection a few
 * times a second and closes one whose parser has been inside the same request for longer than the timeout. A
 * request being answered (its body read) is not affected, however long the answer takes.
 */
final class RequestDeadlines extends AbstractLifeCycle {
    private static final Logger LOG = LoggerFactory.getLogger(RequestDeadlines.class);

    private final ServerConnector connector;
    private final long timeoutNanos;
    private final long periodMillis;
    /** The request each connection was last seen reading: its count of requests, and since when. */
    private final Map<EndPoint, Reading> reading = new HashMap<>();
    private ScheduledExecutorService sweeper;

    private record Reading(long request, long sinceNanos) {
    }

    RequestDeadlines(ServerConnector connector, Duration timeout) {
        this.connector = connector;
        this.timeoutNanos = timeout.toNanos();
        this.periodMillis = Math.max(50, Math.min(500, timeout.toMillis() / 8));
    }

    @Override
    protected void doStart() {
        sweeper = Executors.newSingleThreadScheduledExecutor(
                r -> Thread.ofPlatform().daemon().name("parley-http-deadlines").unstarted(r));
        sweeper.scheduleWithFixedDelay(this::sweep, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    protected void doStop() {
        sweeper.shutdownNow();
        reading.clear();
    }

    private void sweep() {
        long now = System.nanoTime();
        var open = connector.getConnectedEndPoints();
        reading.keySet().retainAll(open);
        for (var endPoint : open) {
            if (!(endPoint.getConnection() instanceof HttpConnection http) || !readingRequest(http)) {
                reading.remove(endPoint);
                continue;
            }
            long request = http.getMessagesIn();
            var seen = reading.get(endPoint);
            if (seen == null || seen.request() != request) {
                reading.put(endPoint, new Reading(request, now));
            } else if (now - seen.sinceNanos() > timeoutNanos) {
                LOG.debug("request not received within the timeout: connection closed");
                reading.remove(endPoint);
                endPoint.close();
            }
        }
    }

    /** Whether the connection is part way through receiving a request (not idle between two, not answering one). */
    private static boolean readingRequest(HttpConnection http) {
        var parser = http.getParser();
        return parser.inHeaderState() && !parser.isStart() || parser.inContentState();
    }
}
