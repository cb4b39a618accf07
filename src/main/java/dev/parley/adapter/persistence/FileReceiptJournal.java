package dev.parley.adapter.persistence;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.adapter.files.PrivateFiles;
import dev.parley.application.JsonMappers;
import dev.parley.application.outbox.ClaimJournal;
import dev.parley.application.pipeline.ReceiptJournal;
import dev.parley.application.store.StoreUnavailableException;
import dev.parley.domain.message.InboundMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;

/**
 * The receipt journal of an H2 file store: {@code <store>.receipts} beside the database file ({@code
 * data/parley.receipts}), one line per receipt and one per outbox claim ({@code "kind":"claim"}, {@link
 * ClaimJournal}), {@code <crc32c of the json, 8 hex digits> <json>\n}, appended and forced to disk before {@code
 * append} returns. Private to its owner ({@code 0600}): it holds message text, like the
 * store. At {@value #ROTATE_AT} bytes the file becomes {@code .receipts.1} (replacing an older one) and a new one is
 * started, so the journal keeps at least the last 16 MiB of receipts and at most 32 MiB on disk.
 *
 * <p>Reading skips, and counts, every line that is not whole: a CRC that does not match, JSON that does not parse, a
 * last line without its newline (torn by a crash). Appending after such a torn line first ends it, so the torn line
 * stays one damaged line and the next entry is whole.
 *
 * <p>Appends from concurrent receipts share their forces: each append writes its line under a lock, then waits
 * for one force that covers it (often another thread's).
 */
public final class FileReceiptJournal implements ReceiptJournal, ClaimJournal {
    private static final String CLAIM = "claim";
    /** The size at which the journal file is rotated. */
    public static final long ROTATE_AT = 16L * 1024 * 1024;
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;
    private static final HexFormat HEX = HexFormat.of();

    private final Path file;
    private final Path rotated;
    private final long rotateAt;
    private final Object writeLock = new Object();
    private final Object forceLock = new Object();
    // Locks are taken in this order only: writeLock, then forceLock. Replaced under both; forcers read it under forceLock.
    private volatile FileChannel channel;
    private final AtomicLong written = new AtomicLong();
    private long forced;                      // guarded by forceLock

    public FileReceiptJournal(Path file) {
        this(file, ROTATE_AT);
    }

    FileReceiptJournal(Path file, long rotateAt) {
        this.file = file.toAbsolutePath();
        this.rotated = this.file.resolveSibling(this.file.getFileName() + ".1");
        this.rotateAt = rotateAt;
    }

    /** The journal of the H2 file store at {@code base} (the URL's path, without {@code .mv.db}). */
    static FileReceiptJournal besideStore(Path base) {
        return new FileReceiptJournal(base.resolveSibling(base.getFileName() + ".receipts"));
    }

    /** The journal file. */
    public Path file() {
        return file;
    }

    /** The previous journal file, kept after a rotation. */
    public Path rotatedFile() {
        return rotated;
    }

    @Override
    public void append(Entry entry) {
        write(line(toJson(entry)));
    }

    @Override
    public void append(Claim claim) {
        write(line(toJson(claim)));
    }

    private void write(byte[] line) {
        long sequence;
        synchronized (writeLock) {
            try {
                var ch = open();
                if (ch.size() > 0 && ch.size() + line.length > rotateAt) ch = rotate();
                var buffer = ByteBuffer.wrap(line);
                while (buffer.hasRemaining()) ch.write(buffer);
                sequence = written.incrementAndGet();
            } catch (IOException e) {
                synchronized (forceLock) {
                    closeQuietly();
                }
                throw new StoreUnavailableException("cannot write the receipt journal " + file.getFileName(), e);
            }
        }
        force(sequence);
    }

    private void force(long sequence) {
        synchronized (forceLock) {
            if (forced >= sequence) return;  // a force since this line was written covered it
            long upTo = written.get();
            var ch = channel;
            try {
                if (ch != null) ch.force(false);
            } catch (IOException e) {
                throw new StoreUnavailableException("cannot force the receipt journal " + file.getFileName(), e);
            }
            forced = upTo;
        }
    }

    /** The open journal file: created {@code 0600}; a torn last line left by a crash is ended first. */
    private FileChannel open() throws IOException {
        if (channel != null && channel.isOpen()) return channel;
        PrivateFiles.directory(file.getParent());
        boolean existed = Files.exists(file);
        var ch = existed
                ? FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.READ)
                : FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                        StandardOpenOption.READ), PrivateFiles.fileAttributes(file.getParent()));
        try {
            if (existed) PrivateFiles.restrict(file);
            long size = ch.size();
            ch.position(size);
            if (size > 0) {
                var last = ByteBuffer.allocate(1);
                ch.read(last, size - 1);
                if (last.get(0) != '\n') ch.write(ByteBuffer.wrap(new byte[] {'\n'}));
            }
        } catch (IOException e) {
            ch.close();
            throw e;
        }
        synchronized (forceLock) {
            channel = ch;
        }
        return ch;
    }

    /** Called with writeLock held: the full file, forced, becomes {@code .1}; a new file takes its place. */
    private FileChannel rotate() throws IOException {
        synchronized (forceLock) {
            channel.force(false);
            forced = written.get();
            channel.close();
            channel = null;
        }
        Files.move(file, rotated, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return open();
    }

    @Override
    public Contents entries() {
        var lines = lines();
        var entries = new ArrayList<Entry>();
        int damaged = lines.damaged();
        for (var node : lines.nodes()) {
            if (CLAIM.equals(text(node, "kind"))) continue;
            try {
                entries.add(fromJson(node));
            } catch (RuntimeException notAnEntry) {
                damaged++;
            }
        }
        return new Contents(entries, damaged);
    }

    @Override
    public List<Claim> claims() {
        var claims = new ArrayList<Claim>();
        for (var node : lines().nodes()) {
            if (!CLAIM.equals(text(node, "kind"))) continue;
            try {
                claims.add(claimFromJson(node));
            } catch (RuntimeException notAClaim) {
                // skipped: a claim line whose CRC held but whose fields do not (never written so) restores nothing
            }
        }
        return claims;
    }

    /** The whole lines of both files, oldest first, as JSON; and how many lines were not whole. */
    private record Lines(List<JsonNode> nodes, int damaged) {
    }

    private Lines lines() {
        synchronized (writeLock) {
            var nodes = new ArrayList<JsonNode>();
            int damaged = 0;
            for (var f : List.of(rotated, file)) {
                damaged += read(f, nodes);
            }
            return new Lines(nodes, damaged);
        }
    }

    /** Adds the whole lines of {@code f} to {@code into}; returns how many lines were not whole. */
    private static int read(Path f, List<JsonNode> into) {
        byte[] bytes;
        try {
            if (!Files.exists(f)) return 0;
            bytes = Files.readAllBytes(f);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the receipt journal " + f.getFileName(), e);
        }
        int damaged = 0;
        int start = 0;
        while (start < bytes.length) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') end++;
            if (end == bytes.length) {
                damaged++;  // the last line has no newline: torn by a crash while it was written
                break;
            }
            if (end > start) {
                var node = parse(bytes, start, end);
                if (node == null) damaged++;
                else into.add(node);
            }
            start = end + 1;
        }
        return damaged;
    }

    private static JsonNode parse(byte[] bytes, int start, int end) {
        if (end - start < 10 || bytes[start + 8] != ' ') return null;
        try {
            long expected = Long.parseLong(new String(bytes, start, 8, StandardCharsets.US_ASCII), 16);
            var crc = new CRC32C();
            crc.update(bytes, start + 9, end - start - 9);
            if (crc.getValue() != expected) return null;
            var node = MAPPER.readTree(bytes, start + 9, end - start - 9);
            return node != null && node.isObject() && node.path("v").asInt() == 1 ? node : null;
        } catch (IOException | RuntimeException e) {
            return null;  // not JSON: counted as damaged
        }
    }

    static byte[] line(Entry entry) {
        return line(toJson(entry));
    }

    private static byte[] line(JsonNode node) {
        byte[] json;
        try {
            json = MAPPER.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write a journal entry", e);
        }
        var crc = new CRC32C();
        crc.update(json);
        var prefix = (HEX.toHexDigits((int) crc.getValue()) + " ").getBytes(StandardCharsets.US_ASCII);
        var line = new byte[prefix.length + json.length + 1];
        System.arraycopy(prefix, 0, line, 0, prefix.length);
        System.arraycopy(json, 0, line, prefix.length, json.length);
        line[line.length - 1] = '\n';
        return line;
    }

    private static JsonNode toJson(Claim c) {
        var node = MAPPER.createObjectNode();
        node.put("v", 1);
        node.put("kind", CLAIM);
        node.put("outbox_id", c.outboxId());
        node.put("attempt", c.attempt());
        node.put("conversation_id", c.conversationId());
        node.put("channel", c.channel());
        node.put("conversation_key", c.conversationKey());
        node.put("purpose", c.purpose());
        node.put("reply_to", c.replyTo());
        node.put("text_sha256", c.textSha256());
        node.put("claimed_at", c.claimedAt().toString());
        return node;
    }

    private static Claim claimFromJson(JsonNode n) {
        return new Claim(n.get("outbox_id").asLong(), n.get("attempt").asInt(), n.get("conversation_id").asLong(),
                text(n, "channel"), text(n, "conversation_key"), text(n, "purpose"), text(n, "reply_to"),
                required(n, "text_sha256"), Instant.parse(required(n, "claimed_at")));
    }

    private static JsonNode toJson(Entry e) {
        var m = e.message();
        var node = MAPPER.createObjectNode();
        node.put("v", 1);
        node.put("channel", m.channel());
        node.put("provider_id", m.providerId());
        node.put("conversation_key", m.conversationKey());
        node.put("from", m.from());
        node.put("to", m.to());
        node.put("text", m.text());
        node.put("reply_to", m.replyTo());
        node.put("sent_at", m.sentAt() == null ? null : m.sentAt().toString());
        node.put("playbook", m.playbook());
        node.put("sender_name", m.senderName());
        node.put("chat_details", ChatDetailsColumn.write(m.chat()));
        node.put("payload", e.payload());
        node.put("received_at", e.receivedAt().toString());
        return node;
    }

    private static Entry fromJson(JsonNode n) {
        if (n.has("kind")) throw new IllegalArgumentException("unknown journal entry kind");
        var sentAt = text(n, "sent_at");
        var message = new InboundMessage(required(n, "channel"), required(n, "provider_id"),
                text(n, "conversation_key"), text(n, "from"), text(n, "to"), text(n, "text"), text(n, "reply_to"),
                sentAt == null ? null : Instant.parse(sentAt), text(n, "playbook"), text(n, "sender_name"),
                ChatDetailsColumn.read(text(n, "chat_details")));
        return new Entry(message, text(n, "payload"), Instant.parse(required(n, "received_at")));
    }

    private static String required(JsonNode n, String field) {
        var v = text(n, field);
        if (v == null) throw new IllegalArgumentException("journal entry without " + field);
        return v;
    }

    private static String text(JsonNode n, String field) {
        var v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** Deletes the journal and its rotated file: the store, closed cleanly, holds every entry. */
    @Override
    public void discard() {
        synchronized (writeLock) {
            synchronized (forceLock) {
                closeQuietly();
                try {
                    Files.deleteIfExists(file);
                    Files.deleteIfExists(rotated);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot remove the receipt journal " + file.getFileName(), e);
                }
            }
        }
    }

    private void closeQuietly() {
        if (channel == null) return;
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing after a failure: the failure is what the caller reports
        }
        channel = null;
    }
}
