package dev.parley.bootstrap.launch;

import dev.parley.adapter.persistence.Database;
import dev.parley.adapter.persistence.JdbcQueues;
import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueKind;
import dev.parley.application.operator.FindConversations;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyConfig;
import java.time.Clock;
import dev.parley.application.console.QueueCursor;
import dev.parley.application.console.QueueFilter;
import dev.parley.application.console.QueueSort;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/** The console's read path on a store (docs/benchmarks.md, "bench console"): store open, counts, first pages, detail. */
final class ConsoleBenchmark {
    /** Timed runs of each whole-store query (after one untimed run). */
    static final int RUNS = 40;
    private final ParleyConfig config;
    private final int runs;

    ConsoleBenchmark(ParleyConfig config) {
        this(config, RUNS);
    }

    ConsoleBenchmark(ParleyConfig config, int runs) {
        if (runs < 1) throw new IllegalArgumentException("runs must be >= 1");
        this.config = config;
        this.runs = runs;
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
            result.put("whole_store", wholeStore(database.dataSource(), queues));
        }
        return result;
    }

    /** Searches of the bench: words of messages (common, rare, a prefix, two words), a surname, digits, nothing. */
    static final List<String> SEARCHES = List.of("grandmother", "daguerreotype", "grandm", "grandmother cork",
            "bible", "walsh", "0049", "5550012", "zzqx");

    /**
     * Issue 17's figures: whole-store sorts (by age, i.e. oldest activity first, and by severity) on the first page
     * and on a page deep in the store (the keyset cursor of the middle row), Human review's first page, and search
     * over message text, contact and key; each run {@value #RUNS} times (by default) after one untimed run, p50 / p99
     * / max in ms, and each p50 and p99 also as a multiple of the baseline's.
     */
    private Map<String, Object> wholeStore(javax.sql.DataSource dataSource, FindQueues queues) {
        var out = new LinkedHashMap<String, Object>();
        // The baseline, measured in the same run: the first page of All conversations newest first, the console v1
        // default (one index scan, no sort and no filter). Every figure below also says how many baselines it costs,
        // which stays comparable when the machine's load changes between runs.
        var baseline = timings(() -> queues.page(QueueKind.ALL, null, QueueSort.NEWEST, null, FindQueues.PAGE_SIZE));
        out.put("baseline_all_newest_first_page", baseline);
        var sorts = new LinkedHashMap<String, Object>();
        var middle = middleCursors(dataSource);
        for (var sort : List.of(QueueSort.OLDEST, QueueSort.NEWEST, QueueSort.SEVERITY)) {
            var figures = new LinkedHashMap<String, Object>();
            figures.put("first_page", timings(() -> queues.page(QueueKind.ALL, null, sort, null,
                    FindQueues.PAGE_SIZE)));
            var cursor = sort == QueueSort.SEVERITY ? middle.severity() : middle.time();
            if (cursor != null) {
                figures.put("middle_page", timings(() -> queues.page(QueueKind.ALL, null, sort, cursor,
                        FindQueues.PAGE_SIZE)));
            }
            sorts.put(sort.name().toLowerCase(), figures);
        }
        out.put("all_conversations", sorts);
        out.put("human_review_first_page", timings(() -> queues.page(QueueKind.HUMAN_REVIEW, null, null,
                FindQueues.PAGE_SIZE)));
        out.put("opportunities_first_page", timings(() -> queues.page(QueueKind.OPPORTUNITIES, null, null,
                FindQueues.PAGE_SIZE)));
        var searches = new LinkedHashMap<String, Object>();
        var all = new ArrayList<Double>();
        for (var query : SEARCHES) {
            var filter = new QueueFilter(null, null, null, query);
            var rows = queues.page(QueueKind.ALL, filter, null, FindQueues.PAGE_SIZE).items().size();
            var times = runs(() -> queues.page(QueueKind.ALL, filter, null, FindQueues.PAGE_SIZE));
            all.addAll(times);
            var figures = summary(times);
            figures.put("rows", rows);
            searches.put(query, figures);
        }
        searches.put("all_queries", summary(all));
        out.put("search_all_conversations", searches);
        versus(out, (double) baseline.get("p50_ms"), (double) baseline.get("p99_ms"));
        return out;
    }

    /** Adds to every p50/p99 summary under {@code figures} its ratios to the baseline's p50 and p99. */
    @SuppressWarnings("unchecked")
    static void versus(Map<String, Object> figures, double p50, double p99) {
        for (var value : figures.values()) {
            if (!(value instanceof Map<?, ?> map)) continue;
            var summary = (Map<String, Object>) map;
            if (summary.get("p50_ms") instanceof Double a && summary.get("p99_ms") instanceof Double b) {
                summary.put("p50_x_baseline", ratio(a, p50));
                summary.put("p99_x_baseline", ratio(b, p99));
            } else {
                versus(summary, p50, p99);
            }
        }
    }

    private static double ratio(double value, double baseline) {
        return baseline <= 0 ? Double.NaN : Math.round(value / baseline * 100) / 100.0;
    }

    private record Middle(QueueCursor time, QueueCursor severity) {
    }

    /** The cursor of the middle conversation by last activity, and of the middle one without alerts by severity. */
    private static Middle middleCursors(javax.sql.DataSource dataSource) {
        try (var c = dataSource.getConnection(); var st = c.createStatement()) {
            long n;
            try (var rs = st.executeQuery("select count(*) from conversations")) {
                rs.next();
                n = rs.getLong(1);
            }
            if (n < 2) return new Middle(null, null);
            QueueCursor time = null;
            QueueCursor severity = null;
            // OFFSET only to pick where the benchmark starts reading; the pages it times are keyset pages
            try (var rs = st.executeQuery("select updated_at, id, attention from conversations order by updated_at, "
                    + "id offset " + n / 2 + " rows fetch first 1 rows only")) {
                if (rs.next()) {
                    var at = rs.getObject(1, java.time.OffsetDateTime.class).toInstant();
                    time = new QueueCursor(rs.getInt(3), at, rs.getLong(2));
                }
            }
            try (var rs = st.executeQuery("select updated_at, id from conversations where attention = 0 order by "
                    + "updated_at desc, id desc offset " + n / 2 + " rows fetch first 1 rows only")) {
                if (rs.next()) {
                    severity = new QueueCursor(0, rs.getObject(1, java.time.OffsetDateTime.class).toInstant(),
                            rs.getLong(2));
                }
            }
            return new Middle(time, severity);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("bench console: " + e.getSQLState(), e);
        }
    }

    private Map<String, Object> timings(Runnable work) {
        return summary(runs(work));
    }

    private List<Double> runs(Runnable work) {
        work.run();
        var times = new ArrayList<Double>();
        for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            work.run();
            times.add(ms(t));
        }
        return times;
    }

    private static Map<String, Object> summary(List<Double> times) {
        var sorted = new ArrayList<>(times);
        sorted.sort(Double::compare);
        var out = new LinkedHashMap<String, Object>();
        out.put("p50_ms", sorted.get((int) Math.ceil(0.50 * sorted.size()) - 1));
        out.put("p99_ms", sorted.get((int) Math.ceil(0.99 * sorted.size()) - 1));
        out.put("max_ms", sorted.getLast());
        out.put("runs", sorted.size());
        return out;
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
