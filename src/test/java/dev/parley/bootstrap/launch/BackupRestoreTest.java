package dev.parley.bootstrap.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parley backup} and {@code parley restore} on a real H2 file store: a backup taken while webhooks are being
 * written holds every message acknowledged before it started and opens as a valid store; restore puts it in place,
 * keeps the replaced store, and refuses while Parley runs or when the file is not a backup.
 */
class BackupRestoreTest {
    @TempDir Path dir;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void aBackupTakenWhileWebhooksArriveHoldsEveryAcknowledgedMessageAndRestoresInPlace() throws Exception {
        var home = homeWithTestSecrets(dir.resolve("home"));
        var acknowledgedBefore = new ArrayList<Long>();
        var during = java.util.Collections.synchronizedList(new ArrayList<Long>());
        Path backup = dir.resolve("copies/online.zip");
        int total;
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null)) {
                        for (int i = 0; i < 20; i++) acknowledgedBefore.add(post(parley, "SM-before-" + i));
            var writing = new AtomicBoolean(true);
            var writer = Thread.ofVirtual().start(() -> {
                for (int i = 0; writing.get(); i++) during.add(post(parley, "SM-during-" + i));
            });
            Thread.sleep(100);
            assertThat(run("backup", "--home", home.toString(), "--out", backup.toString())).as(err.toString()).isZero();
            writing.set(false);
            writer.join();
            assertThat(during).as("webhooks kept being acknowledged while the backup ran").isNotEmpty();
            assertThat(out.toString()).contains("backup: " + backup.toAbsolutePath())
                    .contains("taken by the running Parley (pid " + ProcessHandle.current().pid() + ")");

            assertThat(run("restore", "--home", home.toString(), backup.toString())).isEqualTo(2);
            assertThat(err.toString()).contains("parley restore: Parley is running on");
            total = acknowledgedBefore.size() + during.size();
        }
        assertThat(home.resolve("run.properties")).as("removed on a clean stop").doesNotExist();
        assertThat(inboxIds(home)).hasSize(total);

        assertThat(run("restore", "--home", home.toString(), backup.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("the store it replaced is kept as");
        var restored = inboxIds(home);
        assertThat(restored).containsAll(acknowledgedBefore).hasSizeLessThanOrEqualTo(total);
        try (var files = Files.list(home.resolve("data"))) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.startsWith("parley.mv.db.before-restore-"));
        }
        // the restored store is one Parley runs on: migrated, validated, serving
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null)) {
            assertThat(parley.app.find.inbox(dev.parley.domain.message.InboxStatus.RECEIVED, 10)).isNotNull();
        }
    }

    @Test
    void restoreMovesTheReplacedStoresReceiptJournalAsideSoItIsNeverReplayedIntoTheRestoredStore() throws Exception {
        var home = homeWithTestSecrets(dir.resolve("home"));
        var journal = home.resolve("data/parley.receipts");
        Path backup = dir.resolve("copies/early.zip");
        byte[] leftByACrash;
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null)) {
            post(parley, "SM-in-backup");
            assertThat(run("backup", "--home", home.toString(), "--out", backup.toString())).as(err.toString()).isZero();
            post(parley, "SM-after-1");
            post(parley, "SM-after-2");
            leftByACrash = Files.readAllBytes(journal);
        }
        // as a kill -9 would have left it: the journal of every receipt since the store was opened
        Files.write(journal, leftByACrash);

        assertThat(run("restore", "--home", home.toString(), backup.toString())).as(err.toString()).isZero();
        assertThat(journal).doesNotExist();
        Path aside;
        try (var files = Files.list(home.resolve("data"))) {
            aside = files.filter(p -> p.getFileName().toString().startsWith("parley.receipts.before-restore-"))
                    .findFirst().orElseThrow();
        }
        assertThat(out.toString()).contains("that store's receipt journal is kept as " + aside);
        assertThat(Files.readAllBytes(aside)).as("kept whole for the operator").isEqualTo(leftByACrash);

        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null)) {
            assertThat(parley.app.find.inbox(dev.parley.domain.message.InboxStatus.RECEIVED, 10)).isNotNull();
        }
        assertThat(providerIds(home)).as("the restored store, without the old journal's receipts")
                .containsExactly("SM-in-backup");
    }

    @Test
    void withParleyStoppedTheCommandOpensTheStoreItself() throws Exception {
        var home = homeWithTestSecrets(dir.resolve("home"));
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null)) {
            post(parley, "SM-offline-1");
        }
        assertThat(run("backup", "--home", home.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("taken with Parley stopped");
        var m = Pattern.compile("backup: (\\S+) ").matcher(out.toString());
        assertThat(m.find()).isTrue();
        var file = Path.of(m.group(1));
        assertThat(file.getParent()).isEqualTo(home.resolve("backups").toAbsolutePath());
        assertThat(file.getFileName().toString()).matches("parley-\\d{8}-\\d{6}-\\d{3}\\.zip");

        assertThat(run("backup", "--home", home.toString(), "--out", file.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("exists already");
    }

    @Test
    void badInputIsRefusedAndChangesNothing() throws Exception {
        var home = homeWithTestSecrets(dir.resolve("home"));
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null)) {
            post(parley, "SM-keep-1");
        }
        var store = home.resolve("data/parley.mv.db");
        long size = Files.size(store);

        var notZip = Files.writeString(dir.resolve("notes.zip"), "not a zip");
        assertThat(run("restore", "--home", home.toString(), notZip.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("is not a zip file");

        var otherZip = dir.resolve("other.zip");
        try (var zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(otherZip))) {
            zip.putNextEntry(new java.util.zip.ZipEntry("something.txt"));
            zip.write(1);
        }
        assertThat(run("restore", "--home", home.toString(), otherZip.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("is not a backup of this store (no parley.mv.db in it)");

        assertThat(run("restore", "--home", dir.resolve("nowhere").toString(), otherZip.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("no Parley home at");
        assertThat(Files.size(store)).isEqualTo(size);

        var postgres = homeWithTestSecrets(dir.resolve("pg"));
        Files.writeString(postgres.resolve("parley.properties"), "db.url=jdbc:postgresql://localhost/parley\n",
                java.nio.file.StandardOpenOption.APPEND);
        assertThat(run("backup", "--home", postgres.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("the store is not an H2 file").contains("pg_dump");
    }

    private static long post(TestParley parley, String providerId) {
        var response = parley.http().postGeneric("msg_" + providerId,
                ParleyHttp.message(providerId, "sms", "+15550100", "hello"), Clock.systemUTC());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
        return ParleyHttp.json(response).get("message_id").asLong();
    }

    private static Path homeWithTestSecrets(Path home) throws Exception {
        Files.createDirectories(home);
        Files.writeString(home.resolve("parley.properties"), "api.token=" + TestParley.TOKEN + "\n"
                + "webhooks.generic.secret=" + TestParley.SECRET + "\n");
        return home;
    }

    private static List<String> providerIds(Path home) throws Exception {
        var ids = new ArrayList<String>();
        try (var connection = DriverManager.getConnection("jdbc:h2:file:" + home.resolve("data/parley").toAbsolutePath()
                + ";IFEXISTS=TRUE", "sa", "");
             var rows = connection.createStatement().executeQuery("select provider_id from inbox order by id")) {
            while (rows.next()) ids.add(rows.getString(1));
        }
        return ids;
    }

    private static List<Long> inboxIds(Path home) throws Exception {
        var ids = new ArrayList<Long>();
        try (var connection = DriverManager.getConnection("jdbc:h2:file:" + home.resolve("data/parley").toAbsolutePath()
                + ";IFEXISTS=TRUE", "sa", "");
             var rows = connection.createStatement().executeQuery("select id from inbox order by id")) {
            while (rows.next()) ids.add(rows.getLong(1));
        }
        return ids;
    }
}
