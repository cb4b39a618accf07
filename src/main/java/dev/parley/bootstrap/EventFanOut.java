package dev.parley.bootstrap;

import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.RedactedThrowable;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Delivers committed pipeline events to every subscriber; a failing subscriber does not stop the others. */
public final class EventFanOut implements PipelineEvents {
    private static final Logger LOG = LoggerFactory.getLogger(EventFanOut.class);
    private final List<PipelineEvents> subscribers = new CopyOnWriteArrayList<>();

    public void subscribe(PipelineEvents subscriber) {
        subscribers.add(subscriber);
    }

    /**
     * Subscribes ahead of every subscriber so far: it sees each batch the moment it was committed, before it leaves
     * for the other processes (team mode), as a test timing the way to another process needs.
     */
    public void subscribeFirst(PipelineEvents subscriber) {
        subscribers.addFirst(subscriber);
    }

    @Override
    public void publish(List<PipelineEvent> events) {
        if (events.isEmpty()) return;
        for (var subscriber : subscribers) {
            try {
                subscriber.publish(events);
            } catch (RuntimeException e) {
                LOG.error("event subscriber failed", RedactedThrowable.of(e));
            }
        }
    }
}
