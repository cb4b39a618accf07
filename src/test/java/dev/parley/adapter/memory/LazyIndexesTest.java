package dev.parley.adapter.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/**
 * Issue 17: sorted and group indexes are built on first read and kept in step from then on. Whenever they are first
 * read (before any write, between writes, inside a transaction that is later rolled back), they list what a scan of
 * the table lists, through random inserts, updates that move rows between groups and in and out of the filter,
 * deletes and rollbacks, in a store that issues every id and in one that issues every third.
 */
class LazyIndexesTest {
    record Row(long id, String group, int rank) {
    }

    private static final Comparator<Row> BY_RANK = Comparator.comparingInt(Row::rank).thenComparingLong(Row::id);

    @Test
    void lazyIndexesListWhatTheTableHolds() {
        for (IdSpacing spacing : List.of(IdSpacing.ALL, new IdSpacing(2, 3))) {
            for (int seed = 0; seed < 40; seed++) {
                run(spacing, new Random(seed), seed % 4 * 50);
            }
        }
    }

    private static void run(IdSpacing spacing, Random random, int firstReadAt) {
        var lock = new ReentrantLock();
        var undo = new UndoLog(lock, spacing);
        var table = new Table<Row>("t", undo);
        var groups = table.index(new GroupIndex<String, Row>(Row::group));
        var positive = table.index(new SortedIndex<Row>(r -> r.rank() > 0, BY_RANK));
        lock.lock();
        try {
            List<Long> ids = new ArrayList<>();
            int mark = -1;
            for (int step = 0; step < 400; step++) {
                int op = random.nextInt(10);
                if (op < 4 || ids.isEmpty()) {
                    long id = table.nextId();
                    ids.add(id);
                    table.put(id, new Row(id, "g" + random.nextInt(5), random.nextInt(7) - 2));
                } else if (op < 7) {
                    long id = ids.get(random.nextInt(ids.size()));
                    if (table.get(id) != null) {
                        table.put(id, new Row(id, "g" + random.nextInt(5), random.nextInt(7) - 2));
                    }
                } else if (op < 8) {
                    table.delete(ids.get(random.nextInt(ids.size())));
                } else if (op < 9) {
                    if (mark < 0) {
                        mark = undo.mark();
                    } else {
                        undo.rollbackTo(mark);
                        mark = -1;
                    }
                } else {
                    undo.forget();
                    mark = -1;
                }
                if (step >= firstReadAt && random.nextInt(3) == 0) check(table, groups, positive);
            }
            check(table, groups, positive);
            if (mark >= 0) {
                undo.rollbackTo(mark);
                check(table, groups, positive);
            }
        } finally {
            lock.unlock();
        }
    }

    private static void check(Table<Row> table, GroupIndex<String, Row> groups, SortedIndex<Row> positive) {
        Map<String, List<Row>> expectedGroups = new TreeMap<>();
        List<Row> expectedPositive = new ArrayList<>();
        table.forEach(r -> {
            expectedGroups.computeIfAbsent(r.group(), g -> new ArrayList<>()).add(r);
            if (r.rank() > 0) expectedPositive.add(r);
        });
        expectedPositive.sort(BY_RANK);
        for (int g = 0; g < 5; g++) {
            String key = "g" + g;
            List<Row> expected = expectedGroups.getOrDefault(key, List.of());
            assertThat(List.copyOf(groups.of(key))).isEqualTo(expected);
            assertThat(new ArrayList<>(groups.of(key))).isEqualTo(expected);
            assertThat(groups.idsOf(key)).isEqualTo(expected.stream().map(Row::id).toList());
        }
        assertThat(List.copyOf(positive.rows())).isEqualTo(expectedPositive);
        Map<Long, Row> byId = new LinkedHashMap<>();
        table.forEachWithId(byId::put);
        byId.forEach((id, row) -> assertThat(row.id()).isEqualTo(id));
    }
}
