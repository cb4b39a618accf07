package dev.parley.application.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.domain.alert.AlertSeverity;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExpectationMatcherTest {
    static final Instant T0 = Instant.parse("2026-01-01T09:00:00Z");

    final List<TranscriptLine> transcript = List.of(
            TranscriptLine.transition(T0, "+1", "Open", "Waiting", "message_received"),
            TranscriptLine.outbound(T0, "+1", "+1", "Got it, thanks!", "SENT", null),
            TranscriptLine.outbound(T0.plusSeconds(60), "+2", "+2", "Hello there", "SENT", null),
            TranscriptLine.alert(T0.plusSeconds(120), "+1", AlertSeverity.CRITICAL, List.of("legal")),
            TranscriptLine.outbound(T0.plusSeconds(3600), "+1", "+1", "Still there?", "HELD", "automation paused"));

    static ExpectationMatcher.Report match(String golden, List<TranscriptLine> transcript) {
        return ExpectationMatcher.match(Expectation.read("golden.jsonl", golden), transcript);
    }

    @Test
    void matchesInOrderPerConversationWithContainsRegexAndNone() {
        var report = match("""
                {"kind":"outbound","conversation":"+2","text":{"contains":"Hello"}}
                {"kind":"transition","conversation":"+1","to":"Waiting"}
                {"kind":"outbound","conversation":"+1","text":{"regex":"^Got it"},"status":"SENT","at":"2026-01-01T10:00:00+01:00"}
                {"kind":"alert","conversation":"+1","categories":["legal"]}
                {"kind":"outbound","conversation":"+1","status":"HELD"}
                {"kind":"none","conversation":"+1","after":"2026-01-01T09:00:00Z","of":"transition"}
                {"kind":"none","conversation":"+2","after":"2026-01-01T09:01:00Z","of":"outbound"}
                """, transcript);
        assertThat(report.passed()).as(report.render()).isTrue();
        assertThat(report.render()).isEqualTo("all 7 expectations met\n");
    }

    @Test
    void orderWithinAConversationMatters() {
        var report = match("""
                {"kind":"alert","conversation":"+1"}
                {"kind":"transition","conversation":"+1","to":"Waiting"}
                """, transcript);
        assertThat(report.passed()).isFalse();
        assertThat(report.render()).contains("golden.jsonl:2: expected")
                .contains("after transcript line 4")
                .contains("transcript:1 ")
                .contains("(before the previous match)");
    }

    @Test
    void mismatchShowsExpectedLineAndNearestActualLines() {
        var report = match("""
                {"kind":"outbound","conversation":"+1","text":{"contains":"Goodbye"},"status":"SENT"}
                """, transcript);
        assertThat(report.passed()).isFalse();
        var diff = report.render();
        assertThat(diff).startsWith("1 of 1 expectations not met");
        assertThat(diff).contains("golden.jsonl:1: expected {\"kind\":\"outbound\",\"conversation\":\"+1\","
                + "\"text\":{\"contains\":\"Goodbye\"},\"status\":\"SENT\"}");
        assertThat(diff).contains("nearest actual lines:");
        assertThat(diff).contains("transcript:2 {\"at\":\"2026-01-01T09:00:00Z\",\"kind\":\"outbound\"")
                .contains("(differs in: text)");
        assertThat(diff).contains("transcript:5").contains("(differs in: text, status)");
    }

    @Test
    void noneFailsWithTheOffendingLines() {
        var report = match("""
                {"kind":"none","conversation":"+1","after":"2026-01-01T09:30:00Z","of":"outbound"}
                """, transcript);
        assertThat(report.render()).contains("expected no outbound line for +1 after 2026-01-01T09:30:00Z")
                .contains("transcript:5");
    }

    @Test
    void noneUntilChecksOnlyAQuietSpell() {
        // +1: outbound at 09:00 and 10:00; nothing in (09:00, 09:59:59] passes, (09:00, 10:00] does not.
        assertThat(match("""
                {"kind":"none","conversation":"+1","after":"2026-01-01T09:00:00Z","until":"2026-01-01T09:59:59Z","of":"outbound"}
                """, transcript).passed()).isTrue();
        assertThat(match("""
                {"kind":"none","conversation":"+1","after":"2026-01-01T09:00:00Z","until":"2026-01-01T10:00:00Z","of":"outbound"}
                """, transcript).render())
                .contains("expected no outbound line for +1 after 2026-01-01T09:00:00Z until 2026-01-01T10:00:00Z")
                .contains("transcript:5");
        assertThatThrownBy(() -> Expectation.read("g", """
                {"kind":"none","conversation":"+1","after":"2026-01-01T09:00:00Z","until":"2026-01-01T08:00:00Z","of":"x"}
                """)).hasMessage("g:1: until: is before 'after'");
    }

    @Test
    void missingConversationOrKindSaysSo() {
        assertThat(match("{\"kind\":\"task\",\"conversation\":\"+1\"}", transcript).render())
                .contains("no task line for +1; its lines are:");
        assertThat(match("{\"kind\":\"task\",\"conversation\":\"+9\"}", transcript).render())
                .contains("the transcript has no line for conversation +9");
    }

    @Test
    void malformedExpectationsAreInputErrors() {
        assertThatThrownBy(() -> Expectation.read("g", "{\"conversation\":\"+1\"}"))
                .isInstanceOf(ReplayInputException.class).hasMessage("g:1: kind: missing");
        assertThatThrownBy(() -> Expectation.read("g", "{\"kind\":\"none\",\"conversation\":\"+1\",\"of\":\"x\"}"))
                .hasMessage("g:1: after: missing");
        assertThatThrownBy(() -> Expectation.read("g", "\n{\"kind\":\"task\",\"conversation\":\"+1\",\"text\":{\"regex\":\"(\"}}"))
                .hasMessageStartingWith("g:2: text: bad regex");
    }
}
