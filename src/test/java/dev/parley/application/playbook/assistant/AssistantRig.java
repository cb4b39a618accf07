package dev.parley.application.playbook.assistant;

import dev.parley.application.JsonDocuments;
import dev.parley.application.ManualClock;
import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.Playbook;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyApp;
import dev.parley.bootstrap.ParleyConfig;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboundMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A real Parley on the in-memory store with the assistant as the inbound playbook, driven step by step on a manual
 * clock: {@link #say} delivers one SMS from the contact and returns the reply that was sent.
 */
final class AssistantRig implements AutoCloseable {
    static final String FROM = "+15550123";
    final ManualClock clock = new ManualClock(Instant.parse("2026-05-04T09:00:00Z"));
    final ParleyApp app;
    final List<PipelineEvent> events = new ArrayList<>();
    private int ids;

    AssistantRig(Path home, Map<ConfigKey, String> settings, List<Playbook> extra) {
        var overrides = new EnumMap<ConfigKey, String>(ConfigKey.class);
        overrides.put(ConfigKey.SENDER, "local");
        overrides.put(ConfigKey.PLAYBOOK_INBOUND, "assistant");
        overrides.put(ConfigKey.ASSISTANT_SEMANTIC_RECALL, "false");
        overrides.putAll(settings);
        app = ParleyApp.inMemory(ParleyConfig.forReplay(home, overrides), clock, null, new Random(1), extra);
        app.events.subscribe(events::addAll);
    }

    AssistantRig(Path home, Map<ConfigKey, String> settings) {
        this(home, settings, List.of());
    }

    /** The contact sends {@code text} a minute after the last message; returns the reply sent (or null). */
    String say(String text) {
        clock.advance(Duration.ofMinutes(1));
        app.receive.receive(new InboundMessage("sms", "SM" + (++ids), FROM, FROM, "+15550199", text, null, null, null,
                null), "{}");
        app.worker.drain();
        app.deliverOutbox.deliverDue(10);
        var out = app.find.detail(conversationId()).messages().stream().filter(m -> m.direction() == Direction.OUT)
                .toList();
        return out.isEmpty() ? null : out.getLast().text();
    }

    long conversationId() {
        return app.transactions.inTransaction(s -> s.conversations().findByKey("sms", FROM)).orElseThrow().id();
    }

    /** Timeline events of a type, oldest first. */
    List<TimelineEvent> timeline(String type) {
        return app.find.detail(conversationId()).events().stream().filter(e -> e.type().equals(type)).toList();
    }

    Map<String, Object> last(String type) {
        var list = timeline(type);
        if (list.isEmpty()) throw new AssertionError("no timeline event " + type);
        return JsonDocuments.read(list.getLast().detailJson());
    }

    @Override
    public void close() {
        app.close();
    }
}
