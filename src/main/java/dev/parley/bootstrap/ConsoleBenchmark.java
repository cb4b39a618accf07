package dev.parley.bootstrap;

import dev.parley.adapter.persistence.Database;
import dev.parley.adapter.persistence.JdbcQueues;
import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueKind;
import dev.parley.application.operator.FindConversations;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/** The console's read path on a store (docs/benchmarks.md, "Console"): store open, counts, first pages, detail. */
final class ConsoleBenchmark {
    private final ParleyConfig config;

    ConsoleBenchmark(ParleyConfig config) {
        this.config = config;
    }

    Map<String, Object> run() {
        var result = new LinkedHashMap<String, Object>();
        long t0 = System.nanoTime();
        try (var database = Database.open(config.get(ConfigKey.DB_URL), config.get(ConfigKey.DB_USER),
                config.get(ConfigKey.DB_PASSWORD), 4)) {
            result.put("store_open_ms", ms(t0));
            var queues = new FindQueues(new JdbcQueues(database.dataSource(), Clock.systemUTC()), Clock.systemUTC());
            long t = System.nanoTime();
            var counts = queues.counts();
            result.put("counts_cold_ms", ms(t));
            result.put("counts", counts);
            result.put("counts_warm_ms", median(() -> queues.counts()));
            var pages = new LinkedHashMap<String, Object>();
            for (var kind : QueueKind.values()) {
                long p = System.nanoTime();
                var page = queues.page(kind, null, null, FindQueues.PAGE_SIZE);
                var first = ms(p);
                var warm = median(() -> queues.page(kind, null, null, FindQueues.PAGE_SIZE));
                var next = page.next() == null ? null : median(() -> queues.page(kind, null, page.next(),
                        FindQueues.PAGE_SIZE));
                var figures = new LinkedHashMap<String, Object>();
                figures.put("rows", page.items().size());
                figures.put("first_ms", first);
                figures.put("warm_ms", warm);
                figures.put("next_page_ms", next);
                pages.put(kind.name().toLowerCase(), figures);
            }
            result.put("first_page", pages);
            var all = queues.page(QueueKind.ALL, null, null, 1).items();
            if (!all.isEmpty()) {
                var find = new FindConversations(database.transactions());
                long id = all.getFirst().conversationId();
                long d = System.nanoTime();
                find.detail(id);
                result.put("conversation_detail_cold_ms", ms(d));
                result.put("conversation_detail_warm_ms", median(() -> find.detail(id)));
            }
            long s = System.nanoTime();
            var search = queues.page(QueueKind.ALL, new dev.parley.application.console.QueueFilter(null, null, null,
                    "0099"), null, FindQueues.PAGE_SIZE);
            result.put("search_ms", ms(s));
            result.put("search_rows", search.items().size());
            long b = System.nanoTime();
            queues.dashboard();
            result.put("dashboard_ms", ms(b));
        }
        return result;
    }

    private static double ms(long since) {
        return Math.round((System.nanoTime() - since) / 10_000.0) / 100.0;
    }

    private static double median(Runnable work) {
        var times = new ArrayList<Double>();
        for (int i = 0; i < 5; i++) {
            long t = System.nanoTime();
            work.run();
            times.add(ms(t));
        }
        times.sort(Double::compare);
        return times.get(2);
    }
}
