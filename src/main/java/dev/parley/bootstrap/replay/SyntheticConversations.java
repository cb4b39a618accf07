package dev.parley.bootstrap.replay;

import dev.parley.application.replay.ReplayEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generated replay input for the benchmark: {@code n} interleaved conversations of ten events each (operator
 * starts or inbound first contacts, replies both ways, an external event, a clock advance), from a fixed seed.
 */
public final class SyntheticConversations {
    public static final Instant START = Instant.parse("2026-01-05T09:00:00Z");
    private static final String[] REPLIES = {
        "Hi, thanks for reaching out.", "Yes, my grandmother was born in Cork in 1921.",
        "Can you tell me more about the Murphy line?", "I have a few old letters somewhere.",
        "Not sure, let me check with my aunt.", "Sounds good, talk soon."};

    private SyntheticConversations() {
    }

    public static List<ReplayEvent> generate(int conversations, String playbook, long seed) {
        var random = new Random(seed);
        var events = new ArrayList<ReplayEvent>(conversations * 10);
        for (int c = 0; c < conversations; c++) {
            var key = "+1555" + String.format("%07d", c);
            var at = START.plusSeconds(7L * c);
            boolean operatorFirst = c % 2 == 0;
            events.add(operatorFirst
                    ? new ReplayEvent.Start(at, 0, playbook, "sms", key, "Hello, we may be related!", "bench")
                    : inbound(at, key, 0, playbook, random));
            for (int i = 1; i < 10; i++) {
                at = at.plus(Duration.ofSeconds(1 + random.nextInt(600)));
                events.add(switch (i) {
                    case 2, 6 -> new ReplayEvent.OperatorReply(at, 0, key, "sms", "Thanks, noted!", "bench");
                    case 4 -> new ReplayEvent.External(at, 0, key, "sms", "tour_confirmed", Map.of("slot", i),
                            null);
                    case 8 -> new ReplayEvent.Advance(at, 0);
                    default -> inbound(at, key, i, playbook, random);
                });
            }
        }
        // A stable sort keeps each conversation's own order when two events share a time.
        events.sort(Comparator.comparing(ReplayEvent::at));
        return events;
    }

    private static ReplayEvent inbound(Instant at, String key, int i, String playbook, Random random) {
        return new ReplayEvent.Inbound(at, 0, key + "-" + i, "sms", key, key, "+15550000000",
                REPLIES[random.nextInt(REPLIES.length)], null, playbook, null);
    }
}
