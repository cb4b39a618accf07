package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.files.PrivateFiles;
import dev.parley.application.outbox.ClaimJournal;
import dev.parley.application.pipeline.ReceiptJournal.Entry;
import dev.parley.domain.message.ChatDetails;
import dev.parley.domain.message.InboundMessage;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The receipt journal file: what it keeps, what it skips, how it rotates, who may read it, and its discard. */
class FileReceiptJournalTest {
    static final Instant T0 = Instant.parse("2026-11-27T22:00:00.123456Z");
    @TempDir Path dir;

    static Entry entry(String providerId) {
        return new Entry(new InboundMessage("sms", providerId, "+15550100", "+15550100", "+15550199",
                "hello " + providerId, null, T0, null, null), "{\"id\":\"" + providerId + "\"}", T0.plusSeconds(1));
    }

    Path file() {
        return dir.resolve("data/parley.receipts");
    }

    @Test
    void everyFieldTheInboxNeedsIsReadBackInOrder() {
        var journal = new FileReceiptJournal(file());
        var chat = new ChatDetails("7", false, "ann", List.of("bot", "42"), false, "Team",
                new ChatDetails.Parent("p-1", "u-2", "Bob", "bob", true, "earlier\nline", T0));
        var full = new Entry(new InboundMessage("telegram", "tg-1", "chat-9", "u-1", "bot-id",
                "two\nlines, \"quoted\", émoji 🎉", "tg-0", T0, "assistant", "Ann", chat), "raw\r\npayload", T0);
        var sparse = new Entry(new InboundMessage("sms", "SM2", null, "+1555", null, null, null, null, null, null),
                null, T0.plusSeconds(2));
        journal.append(full);
        journal.append(sparse);
        journal.append(entry("SM3"));

        var contents = new FileReceiptJournal(file()).entries();
        assertThat(contents.damaged()).isZero();
        assertThat(contents.entries()).containsExactly(full, sparse, entry("SM3"));
        assertThat(lines(file())).hasSize(3).allMatch(l -> l.matches("[0-9a-f]{8} \\{.*}"));
    }

    @Test
    void outboxClaimsShareTheFileAndAreReadApartFromTheReceipts() {
        var journal = new FileReceiptJournal(file());
        var claim = new ClaimJournal.Claim(17, 2, 5, "sms", "+15550100", "reply", "SM1",
                "0".repeat(64), T0.plusSeconds(3));
        var noReply = new ClaimJournal.Claim(18, 1, 5, "telegram", "-100", "chime_in", null, "f".repeat(64), T0);
        journal.append(entry("SM1"));
        journal.append(claim);
        journal.append(entry("SM2"));
        journal.append(noReply);

        var again = new FileReceiptJournal(file());
        assertThat(again.entries().entries()).containsExactly(entry("SM1"), entry("SM2"));
        assertThat(again.entries().damaged()).isZero();
        assertThat(again.claims()).containsExactly(claim, noReply);
        assertThat(lines(file())).hasSize(4).allMatch(l -> l.matches("[0-9a-f]{8} \\{.*}"));
    }

    @Test
    void linesWithABadChecksumOrBadJsonAreSkippedAndCounted() throws Exception {
        var journal = new FileReceiptJournal(file());
        journal.append(entry("SM1"));
        journal.append(entry("SM2"));
        journal.append(entry("SM3"));
        var lines = lines(file());
        // one byte of the second line's JSON changed: its CRC no longer matches
        lines.set(1, lines.get(1).replace("hello SM2", "hellO SM2"));
        // a checksum that matches nothing, then a checksum that matches text that is not JSON
        lines.add(2, "00000000 not json");
        var notJson = "not json".getBytes(StandardCharsets.UTF_8);
        var crc = new java.util.zip.CRC32C();
        crc.update(notJson);
        lines.add(3, java.util.HexFormat.of().toHexDigits((int) crc.getValue()) + " not json");
        lines.add(4, "garbage");
        Files.write(file(), lines);

        var contents = new FileReceiptJournal(file()).entries();
        assertThat(contents.entries()).containsExactly(entry("SM1"), entry("SM3"));
        assertThat(contents.damaged()).isEqualTo(4);
    }

    @Test
    void aTornLastLineIsSkippedAndTheNextAppendStartsOnANewLine() throws Exception {
        var journal = new FileReceiptJournal(file());
        journal.append(entry("SM1"));
        journal.append(entry("SM2"));
        try (var f = new RandomAccessFile(file().toFile(), "rw")) {
            f.setLength(f.length() - 7);  // a crash in the middle of writing the second line
        }
        var torn = new FileReceiptJournal(file()).entries();
        assertThat(torn.entries()).containsExactly(entry("SM1"));
        assertThat(torn.damaged()).isEqualTo(1);

        var afterRestart = new FileReceiptJournal(file());
        afterRestart.append(entry("SM3"));
        var contents = afterRestart.entries();
        assertThat(contents.entries()).containsExactly(entry("SM1"), entry("SM3"));
        assertThat(contents.damaged()).isEqualTo(1);
    }

    @Test
    void atTheRotationSizeTheFileBecomesDotOneAndTheOlderDotOneIsDropped() throws Exception {
        int lineLength = FileReceiptJournal.line(entry("SM100")).length;
        var journal = new FileReceiptJournal(file(), 10L * lineLength);
        var all = IntStream.range(100, 135).mapToObj(i -> entry("SM" + i)).toList();
        all.forEach(journal::append);

        var rotated = journal.rotatedFile();
        assertThat(rotated.getFileName().toString()).isEqualTo("parley.receipts.1");
        assertThat(Files.size(rotated)).isEqualTo(10L * lineLength);
        assertThat(Files.size(file())).isEqualTo(5L * lineLength);
        var contents = new FileReceiptJournal(file(), 10L * lineLength).entries();
        assertThat(contents.damaged()).isZero();
        // the last 15 receipts, oldest first: 10 in .1, 5 in the current file; the 20 before them rotated away
        assertThat(contents.entries()).containsExactlyElementsOf(all.subList(20, 35));
        assertThat(Files.getPosixFilePermissions(rotated)).isEqualTo(PrivateFiles.FILE);
        assertThat(Files.getPosixFilePermissions(file())).isEqualTo(PrivateFiles.FILE);
    }

    @Test
    void theJournalIsPrivateToItsOwnerEvenWhenItExistedBefore() throws Exception {
        var journal = new FileReceiptJournal(file());
        journal.append(entry("SM1"));
        assertThat(Files.getPosixFilePermissions(file())).isEqualTo(PrivateFiles.FILE);
        assertThat(Files.getPosixFilePermissions(file().getParent())).isEqualTo(PrivateFiles.DIRECTORY);

        var older = dir.resolve("older/parley.receipts");
        Files.createDirectories(older.getParent());
        Files.writeString(older, "");
        Files.setPosixFilePermissions(older, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        new FileReceiptJournal(older).append(entry("SM1"));
        assertThat(Files.getPosixFilePermissions(older)).isEqualTo(PrivateFiles.FILE);
    }

    @Test
    void discardRemovesTheFileAndItsRotatedOne() throws Exception {
        int lineLength = FileReceiptJournal.line(entry("SM100")).length;
        var journal = new FileReceiptJournal(file(), 2L * lineLength);
        IntStream.range(100, 105).forEach(i -> journal.append(entry("SM" + i)));
        assertThat(file()).exists();
        assertThat(journal.rotatedFile()).exists();

        journal.discard();
        assertThat(file()).doesNotExist();
        assertThat(journal.rotatedFile()).doesNotExist();
        assertThat(journal.entries().entries()).isEmpty();
        // a journal used again after a discard starts empty
        journal.append(entry("SM200"));
        assertThat(new FileReceiptJournal(file()).entries().entries()).containsExactly(entry("SM200"));
    }

    @Test
    void concurrentAppendsAreEachWholeAndAllKept() throws Exception {
        var journal = new FileReceiptJournal(file());
        var threads = new ArrayList<Thread>();
        for (int t = 0; t < 8; t++) {
            int thread = t;
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 100; i++) journal.append(entry("SM" + thread + "-" + i));
            }));
        }
        for (var t : threads) t.join();
        var contents = new FileReceiptJournal(file()).entries();
        assertThat(contents.damaged()).isZero();
        var ids = contents.entries().stream().map(e -> e.message().providerId()).toList();
        assertThat(ids).hasSize(800).doesNotHaveDuplicates();
        for (int t = 0; t < 8; t++) {
            var prefix = "SM" + t + "-";
            assertThat(ids.stream().filter(id -> id.startsWith(prefix)).toList()).as("thread %d's, in order", t)
                    .containsExactlyElementsOf(IntStream.range(0, 100).mapToObj(i -> prefix + i).toList());
        }
    }

    private static List<String> lines(Path file) {
        try {
            return new ArrayList<>(Files.readAllLines(file));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
