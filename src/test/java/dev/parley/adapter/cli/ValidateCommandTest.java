package dev.parley.adapter.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.application.ManualClock;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code parley validate} and {@code parley validate --batch} on standard input. */
class ValidateCommandTest {
    static final ObjectMapper JSON = JsonMappers.PLAIN;
    @TempDir
    Path home;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String stdin, String... args) {
        var command = new ValidateCommand();
        command.in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        command.clock = new ManualClock(Instant.parse("2026-11-27T20:00:00Z"));
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 2];
        all[0] = "--home";
        all[1] = home.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return cli.execute(all);
    }

    static String line(String direction, String content, String from, String to, String timestamp) {
        var payload = JSON.createObjectNode().put("content", content).put("sender", from).put("recipient", to)
                .put("channel", "sms").put("timestamp", timestamp);
        var node = JSON.createObjectNode().put("direction", direction);
        node.set("payload", payload);
        return node.toString();
    }

    @Test
    void oneRequestGivesTheStandardJson() throws Exception {
        int exit = run(line("outbound", "Lunch at one?", "+12125550123", "+14155550100", "2026-11-27T20:00:00Z"));
        assertThat(exit).isZero();
        JsonNode answer = JSON.readTree(out.toString());
        assertThat(answer.get("decision").asText()).isEqualTo("allow");
        assertThat(answer.get("direction").asText()).isEqualTo("outbound");
        assertThat(answer.get("trace_id").asText()).hasSize(32);
    }

    @Test
    void aBadRequestIsExitTwoNamingTheField() {
        int exit = run(line("sideways", "hi", "a", "b", null));
        assertThat(exit).isEqualTo(2);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).contains("line 1").contains("field direction");
    }

    @Test
    void aBatchAnswersEveryLineInOrderAndABadLineGetsAnErrorObject() throws Exception {
        String stdin = String.join("\n",
                line("inbound", "hello 1", "+14155550100", "+12125550123", "2026-11-27T20:00:00Z"),
                line("inbound", "hello 2", "+14155550100", "+12125550123", "2026-11-27T20:01:00Z"),
                "{\"direction\": \"inbound\", \"payload\": {\"content\": \"x\", \"colour\": \"red\"}}",
                "not json",
                line("inbound", "hello 3", "+14155550100", "+12125550123", "2026-11-27T20:02:00Z"),
                line("inbound", "hello 4", "+14155550100", "+12125550123", "2026-11-27T20:03:00Z"),
                line("inbound", "hello 5", "+14155550100", "+12125550123", "2026-11-27T20:04:00Z"),
                line("inbound", "hello 6", "+14155550100", "+12125550123", "2026-11-27T20:05:00Z")) + "\n";
        int exit = run(stdin, "--batch");
        assertThat(exit).isEqualTo(2);
        List<JsonNode> lines = outputLines();
        assertThat(lines).hasSize(8);
        assertThat(lines.get(0).get("decision").asText()).isEqualTo("deliver");
        assertThat(lines.get(2).get("error").asText()).isEqualTo("invalid_request");
        assertThat(lines.get(2).get("field").asText()).isEqualTo("payload.colour");
        assertThat(lines.get(2).get("line").asLong()).isEqualTo(3);
        assertThat(lines.get(3).get("line").asLong()).isEqualTo(4);
        assertThat(lines.get(3).get("error").asText()).isEqualTo("invalid_request");
        // the batch is its own history: the sixth message from one source in an hour is held back
        assertThat(lines.get(6).get("decision").asText()).isEqualTo("deliver");
        assertThat(lines.get(7).get("decision").asText()).isEqualTo("delay");
        assertThat(lines.get(7).get("enforcement_reason").asText()).isEqualTo("repeated_contact");
        assertThat(err.toString()).contains("2 bad lines").contains("line 3, field payload.colour");
    }

    @Test
    void aBlankLineInABatchGetsItsOwnErrorLineSoOutputLinesMatchInputLines() throws Exception {
        String stdin = String.join("\n",
                line("inbound", "hello 1", "+14155550100", "+12125550123", "2026-11-27T20:00:00Z"),
                "",
                "   ",
                line("inbound", "hello 2", "+14155550100", "+12125550123", "2026-11-27T20:01:00Z")) + "\n";
        int exit = run(stdin, "--batch");
        assertThat(exit).isEqualTo(2);
        List<JsonNode> lines = outputLines();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0).get("decision").asText()).isEqualTo("deliver");
        assertThat(lines.get(1).get("error").asText()).isEqualTo("invalid_request");
        assertThat(lines.get(1).get("field").asText()).isEqualTo("(body)");
        assertThat(lines.get(1).get("detail").asText()).contains("blank line");
        assertThat(lines.get(1).get("line").asLong()).isEqualTo(2);
        assertThat(lines.get(2).get("line").asLong()).isEqualTo(3);
        assertThat(lines.get(3).get("decision").asText()).isEqualTo("deliver");
        assertThat(err.toString()).contains("2 bad lines").contains("line 2, field (body): blank line");
    }

    @Test
    void theHomesPolicyIsUsedAndABadOneIsRefused() throws Exception {
        Files.writeString(home.resolve("safety.json"), "{\"format\": \"parley-safety/1\"}");
        int exit = run(line("inbound", "hi", "a", "b", null));
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("safety.json").contains("risk_thresholds");
    }

    @Test
    void theLearnedHeadsRaiseACryForHelpNoLexiconKnowsAndLeaveABenignIdiomAlone() throws Exception {
        String cry = line("inbound", "I don't see any reason to stay anymore, nobody would even notice if I was gone", "+12125550123",
                "+14155550100", "2026-11-27T20:00:00Z");
        assertThat(run(cry, "--heads", "off")).isZero();
        JsonNode lexiconsOnly = JSON.readTree(out.toString());
        assertThat(lexiconsOnly.get("decision").asText()).isEqualTo("deliver");
        out.getBuffer().setLength(0);
        assertThat(run(cry)).isZero();
        JsonNode withHeads = JSON.readTree(out.toString());
        assertThat(withHeads.get("decision").asText()).isEqualTo("escalate");
        assertThat(withHeads.get("risk_categories").toString()).isEqualTo("[\"self_harm_triggers\"]");
        assertThat(withHeads.get("enforcement_reason").asText()).isEqualTo("crisis");
        // the seed's standard JSON, exactly: the model's score is in the decision records, not in new keys
        assertThat(withHeads.size()).isEqualTo(8);
        assertThat(withHeads.get("trace_id").asText()).isNotEqualTo(lexiconsOnly.get("trace_id").asText());
        out.getBuffer().setLength(0);
        assertThat(run(line("inbound", "this traffic is killing me", "+12125550123", "+14155550100",
                "2026-11-27T20:00:00Z"))).isZero();
        assertThat(JSON.readTree(out.toString()).get("decision").asText()).isEqualTo("deliver");
    }

    /**
     * Issue 35: 20,000 lines to one recipient, generated as they are read (never held in memory), within a day. The
     * batch's time windows hold at most the policy's largest frequency limit (50 a day) however long the batch, and
     * the last lines are still delayed for it: memory per recipient is bounded, and each line counts at most that
     * many instants (linear time in the batch). The facts alone take a million messages in
     * {@code InMemoryBehaviourFactsTest}; through the command a million lines took over a minute on the loaded build
     * machine, and the bound is the same from the 51st line on.
     */
    @Test
    void manyLinesToOneRecipientKeepTheWindowsBounded() throws Exception {
        int lines = 20_000;
        var start = Instant.parse("2026-11-27T09:00:00Z");
        var command = new ValidateCommand();
        command.in = new GeneratedLines(lines, i -> line("inbound", "hello " + (i % 7), "+1415555" + (1000 + i % 50),
                "+12125550123", start.plusMillis(i * 2_000L).toString()));
        command.clock = new ManualClock(start);
        var last = new String[1];
        var counted = new long[1];
        var sink = new java.io.Writer() {
            private final StringBuilder line = new StringBuilder();

            @Override
            public void write(char[] buffer, int offset, int length) {
                for (int i = offset; i < offset + length; i++) {
                    if (buffer[i] == '\n') {
                        counted[0]++;
                        last[0] = line.toString();
                        line.setLength(0);
                    } else {
                        line.append(buffer[i]);
                    }
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(sink));
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute("--home", home.toString(), "--batch", "--heads", "off")).isZero();
        assertThat(counted[0]).isEqualTo(lines);
        assertThat(command.facts.largestWindow()).isLessThanOrEqualTo(50);
        var lastAnswer = JSON.readTree(last[0]);
        // the limits are still reached at the end: the sender's hourly one and the recipient's daily one
        assertThat(lastAnswer.get("decision").asText()).isEqualTo("delay");
        assertThat(lastAnswer.get("enforcement_reason").asText()).isEqualTo("repeated_contact");
    }

    /** An input stream of {@code count} generated JSON lines, made as they are read. */
    static final class GeneratedLines extends java.io.InputStream {
        private final int count;
        private final java.util.function.IntFunction<String> line;
        private int next;
        private byte[] current = new byte[0];
        private int at;

        GeneratedLines(int count, java.util.function.IntFunction<String> line) {
            this.count = count;
            this.line = line;
        }

        @Override
        public int read() {
            if (at == current.length) {
                if (next == count) return -1;
                current = (line.apply(next++) + "\n").getBytes(StandardCharsets.UTF_8);
                at = 0;
            }
            return current[at++] & 0xFF;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (length == 0) return 0;
            int n = 0;
            while (n < length) {
                int b = read();
                if (b < 0) break;
                buffer[offset + n++] = (byte) b;
            }
            return n == 0 ? -1 : n;
        }
    }

    /**
     * Issue 35: an address without a zone of its own (a chat id) has the team's ({@code --time-zone}), not "always
     * quiet"; at night there, an outbound message is delayed until 07:00, not denied.
     */
    @Test
    void anAddressWithoutAZoneHasTheTeamsAndQuietHoursDelayOutbound() throws Exception {
        String chat = line("outbound", "Lunch at one?", "bot", "tg:123456789", "2026-11-27T12:00:00Z");
        assertThat(run(chat, "--heads", "off", "--time-zone", "Europe/London")).isZero();
        assertThat(JSON.readTree(out.toString()).get("decision").asText()).isEqualTo("allow");
        out.getBuffer().setLength(0);
        assertThat(run(chat, "--heads", "off", "--time-zone", "Asia/Tokyo")).isZero(); // 21:00 there
        assertThat(JSON.readTree(out.toString()).get("decision").asText()).isEqualTo("allow");
        out.getBuffer().setLength(0);
        assertThat(run(chat, "--heads", "off", "--time-zone", "Pacific/Auckland")).isZero(); // 01:00 there
        JsonNode night = JSON.readTree(out.toString());
        assertThat(night.get("decision").asText()).isEqualTo("delay");
        assertThat(night.get("enforcement_reason").asText()).isEqualTo("quiet_hours");
        assertThat(night.get("original_blocked").asBoolean()).isFalse();
        assertThat(night.size()).as("the seed's standard JSON, nothing added").isEqualTo(8);
        assertThat(run(chat, "--time-zone", "Mars/Olympus")).isEqualTo(2);
        assertThat(err.toString()).contains("--time-zone");
    }

    @Test
    void anUnknownHeadsValueIsRefused() {
        assertThat(run(line("inbound", "hi", "a", "b", null), "--heads", "maybe")).isEqualTo(2);
        assertThat(err.toString()).contains("--heads must be on or off");
    }

    /** Standard output, one JSON document per line. */
    private List<JsonNode> outputLines() {
        return out.toString().lines().map(l -> {
            try {
                return JSON.readTree(l);
            } catch (Exception e) {
                throw new AssertionError(l, e);
            }
        }).toList();
    }
}
