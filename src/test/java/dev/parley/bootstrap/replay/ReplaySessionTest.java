package dev.parley.bootstrap.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.replay.ReplayEvent;
import dev.parley.application.replay.ReplayFileReader;
import dev.parley.application.replay.TranscriptLine;
import dev.parley.application.replay.TranscriptWriter;
import dev.parley.testing.TicketPlaybook;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplaySessionTest {
    /** Two conversations whose timers interleave, then one far-away advance. */
    static final String INTERLEAVED_TIMERS = """
            {"at":"2026-03-02T09:00:00Z","type":"inbound","from":"+1","text":"a","playbook":"ticket"}
            {"at":"2026-03-02T09:20:00Z","type":"inbound","from":"+2","text":"b","playbook":"ticket"}
            {"at":"2026-03-02T09:40:00Z","type":"inbound","from":"+1","text":"again"}
            {"at":"2026-03-04T00:00:00Z","type":"advance"}
            """;
    static final String ENDS_BEFORE_TIMER = """
            {"at":"2026-03-02T09:00:00Z","type":"inbound","from":"+1","text":"a","playbook":"ticket"}
            {"at":"2026-03-02T09:59:59Z","type":"advance"}
            """;
    static final String HELD_AFTER_CRITICAL = """
            {"at":"2026-03-02T09:00:00Z","type":"inbound","from":"+1","text":"a","playbook":"ticket"}
            {"at":"2026-03-02T09:30:00Z","type":"inbound","from":"+1","text":"my lawyer says hi"}
            {"at":"2026-03-02T09:31:00Z","type":"inbound","from":"+1","text":"hello?"}
            """;

    static String transcript(List<ReplayEvent> events) {
        return transcript(events, ReplayStore.MEMORY);
    }

    static String transcript(List<ReplayEvent> events, ReplayStore store) {
        var out = new StringWriter();
        var writer = new TranscriptWriter(out);
        ReplaySession.run(events, null, List.of(new TicketPlaybook()), store).forEach(writer::write);
        return out.toString();
    }

    @Test
    void anOutreachScenarioIsByteIdenticalAcrossRuns() {
        // The richest outreach golden: same-instant arrival, a held reply, an unblock, a 30-day timer.
        var events = ReplayFileReader.read(GoldenReplaysTest.ROOT.resolve("outreach/critical-alert.replay.jsonl"));
        var first = transcript(events);
        assertThat(first).contains("\"status\":\"HELD\"").contains("\"trigger\":\"operator_resume\"");
        assertThat(first.getBytes(StandardCharsets.UTF_8))
                .isEqualTo(transcript(events).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void inboundMessagesOfOneInstantArriveTogetherAndAHeldReplyIsALine() {
        // Both are in the inbox before either is processed: the ack of the first is still PENDING when the second
        // stops automation, so it is HELD by the alert (and says so), never SENT.
        var events = ReplayFileReader.read("t", """
                {"at":"2026-03-02T09:00:00Z","type":"inbound","from":"+1","text":"a","playbook":"ticket"}
                {"at":"2026-03-02T09:00:00Z","type":"inbound","from":"+1","text":"my lawyer says hi"}
                {"at":"2026-03-02T09:05:00Z","type":"inbound","from":"+2","text":"b","playbook":"ticket"}
                """);
        var lines = ReplaySession.run(events, null, List.of(new TicketPlaybook())).stream()
                .map(l -> l.conversation() + " " + l.kind() + " " + l.fields().getOrDefault("to", "")
                        + l.fields().getOrDefault("status", "") + " " + l.fields().getOrDefault("reason", ""))
                .toList();
        // Each message has the safety validator's decision line first (seed 002); the held reply is never taken for
        // sending, so it has none.
        assertThat(lines).containsExactly(
                "+1 decision  ",
                "+1 transition Waiting ",
                "+1 decision  ",
                "+1 transition HumanReview ",
                "+1 alert  ",
                "+1 outbound +1HELD critical alert 1",
                "+2 decision  ",
                "+2 transition Waiting ",
                "+2 decision  ",
                "+2 outbound +2SENT ");
    }

    @Test
    void twoRunsOfTheSameFileAreByteIdentical() throws Exception {
        var events = ReplayFileReader.read(GoldenReplaysTest.ROOT.resolve("ticket/critical-alert.replay.jsonl"));
        var more = SyntheticConversations.generate(30, "ticket", 7);
        var first = transcript(events) + transcript(more);
        var second = transcript(events) + transcript(more);
        assertThat(first).isNotEmpty();
        assertThat(first.getBytes(StandardCharsets.UTF_8)).isEqualTo(second.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void timersFireAtTheirVirtualDueTimesBetweenEventsInOrder() {
        // One far-away advance must fire all the timers, each at its time.
        var events = ReplayFileReader.read("t", INTERLEAVED_TIMERS);
        var timed = ReplaySession.run(events, null, List.of(new TicketPlaybook())).stream()
                .filter(l -> l.kind().equals("transition") && !l.fields().get("trigger").equals("message_received"))
                .map(l -> l.conversation() + " " + l.fields().get("to") + " " + l.at())
                .toList();
        // +1's 09:40 reply restarts its hour (the ticket playbook re-arms the timer of a self-transition).
        assertThat(timed).containsExactly(
                "+2 Nudged 2026-03-02T10:20:00Z",
                "+1 Nudged 2026-03-02T10:40:00Z",
                "+2 Closed 2026-03-03T10:20:00Z",
                "+1 Closed 2026-03-03T10:40:00Z");
    }

    @Test
    void nothingRunsAfterTheLastEvent() {
        var events = ReplayFileReader.read("t", ENDS_BEFORE_TIMER);
        var lines = ReplaySession.run(events, null, List.of(new TicketPlaybook()));
        assertThat(lines).extracting(TranscriptLine::at).allMatch(at -> !at.isAfter(Instant.parse("2026-03-02T09:00:00Z")));
        assertThat(lines).extracting(TranscriptLine::kind).containsExactly("decision", "transition", "decision",
                "outbound");
    }

    @Test
    void heldMessagesAppearWithTheirReason() {
        var events = ReplayFileReader.read("t", HELD_AFTER_CRITICAL);
        var lines = ReplaySession.run(events, null, List.of(new TicketPlaybook()));
        assertThat(lines.getLast().kind()).isEqualTo("outbound");
        assertThat(lines.getLast().at()).isEqualTo(Instant.parse("2026-03-02T09:31:00Z"));
        assertThat(lines.getLast().fields()).containsEntry("status", "HELD").containsEntry("reason", "contact BLOCKED");
    }
}
