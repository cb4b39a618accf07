package dev.parley.bootstrap;

import java.util.LinkedHashMap;
import java.util.Map;

/** Placeholder replaced by the real benchmark. */
final class IngestBenchmark {
    private final int messages;
    private final int clients;

    IngestBenchmark(int messages, int clients) {
        this.messages = messages;
        this.clients = clients;
    }

    Map<String, Object> run() {
        var m = new LinkedHashMap<String, Object>();
        m.put("messages", messages);
        m.put("clients", clients);
        return m;
    }
}
