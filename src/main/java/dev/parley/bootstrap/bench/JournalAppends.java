package dev.parley.bootstrap.bench;

import dev.parley.adapter.persistence.FileReceiptJournal;
import dev.parley.application.pipeline.ReceiptJournal;
import dev.parley.domain.message.InboundMessage;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The cost of the receipt journal on this disk, for {@code bench ingest --rate}: one receipt-shaped entry appended and
 * forced to disk ({@link FileReceiptJournal#append}), one thread, so no force is shared; mean milliseconds. Every
 * receipt pays one such force before its 2xx (concurrent receipts may share one).
 */
final class JournalAppends {
    private JournalAppends() {
    }

    static double meanMillis(Path dir, int warmUp, int timed) {
        var journal = new FileReceiptJournal(dir.resolve("bench.receipts"));
        try {
            for (int i = 0; i < warmUp; i++) {
                journal.append(entry("warm-" + i));
            }
            long start = System.nanoTime();
            for (int i = 0; i < timed; i++) {
                journal.append(entry("timed-" + i));
            }
            return (System.nanoTime() - start) / 1e6 / timed;
        } finally {
            journal.discard();
        }
    }

    private static ReceiptJournal.Entry entry(String providerId) {
        var at = Instant.parse("2026-01-01T00:00:00Z");
        var message = new InboundMessage("generic", providerId, "bench-conversation", "bench-sender", "bench-to",
                "a benchmark receipt of ordinary length, about as long as an SMS reply would be", null, at, "noop",
                null);
        return new ReceiptJournal.Entry(message, "{}", at);
    }
}
