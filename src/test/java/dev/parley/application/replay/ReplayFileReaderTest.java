package dev.parley.application.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ReplayFileReaderTest {

    private static ReplayInputException error(String content) {
        try {
            ReplayFileReader.read("scenario.jsonl", content);
        } catch (ReplayInputException e) {
            return e;
        }
        throw new AssertionError("expected a ReplayInputException");
    }

    @Test
    void readsEveryTypeWithDefaults() {
        var events = ReplayFileReader.read("s.jsonl", """
                {"at":"2026-01-01T10:00:00+01:00","type":"inbound","from":"+1555","text":"hi"}

                {"at":"2026-01-01T09:00:00Z","type":"start","to":"+1666","text":"hello"}
                {"at":"2026-01-01T09:01:00Z","type":"operator_reply","conversation":"+1666","text":"x","actor":"ann"}
                {"at":"2026-01-01T09:02:00Z","type":"unblock","conversation":"+1666","resume_state":"Open","note":"ok"}
                {"at":"2026-01-01T09:03:00Z","type":"event","conversation":"+1666","name":"tour_confirmed","data":{"b":1,"a":[2]}}
                {"at":"2026-01-01T09:04:00Z","type":"advance","comment":"just time"}
                """);
        assertThat(events).hasSize(6);
        var inbound = (ReplayEvent.Inbound) events.getFirst();
        assertThat(inbound.at()).isEqualTo(Instant.parse("2026-01-01T09:00:00Z"));
        assertThat(inbound.id()).as("id defaults to the line number").isEqualTo("1");
        assertThat(inbound.conversation()).as("conversation defaults to from").isEqualTo("+1555");
        assertThat(inbound.channel()).isEqualTo("generic");
        var start = (ReplayEvent.Start) events.get(1);
        assertThat(start.line()).isEqualTo(3);
        assertThat(start.channel()).isEqualTo("sms");
        assertThat(start.actor()).isEqualTo(ReplayFileReader.DEFAULT_ACTOR);
        assertThat(((ReplayEvent.OperatorReply) events.get(2)).actor()).isEqualTo("ann");
        assertThat(((ReplayEvent.External) events.get(4)).data()).containsEntry("b", 1);
        assertThat(events.get(5)).isInstanceOf(ReplayEvent.Advance.class);
    }

    @Test
    void writerAndReaderRoundTrip() {
        var content = """
                {"at":"2026-01-01T09:00:00Z","type":"start","playbook":"noop","channel":"sms","to":"+1666","text":"hello","actor":"replay"}
                {"at":"2026-01-01T09:03:00Z","type":"event","conversation":"+1666","name":"x","data":{"a":[2],"b":1}}
                {"at":"2026-01-01T09:04:00Z","type":"inbound","id":"7","channel":"sms","conversation":"+1666","from":"+1666","text":"yo"}
                """;
        assertThat(ReplayFileWriter.write(ReplayFileReader.read("s", content))).isEqualTo(content);
    }

    @Test
    void unknownTypeNamesTheLine() {
        var e = error("""
                {"at":"2026-01-01T09:00:00Z","type":"advance"}
                {"at":"2026-01-01T09:00:00Z","type":"teleport"}
                """);
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.field()).isEqualTo("type");
        assertThat(e.getMessage()).startsWith("scenario.jsonl:2: type: unknown type 'teleport'");
    }

    @Test
    void timeGoingBackwardsNamesTheLine() {
        var e = error("""
                {"at":"2026-01-01T09:00:00Z","type":"advance"}

                {"at":"2026-01-01T08:59:59Z","type":"advance"}
                """);
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.field()).isEqualTo("at");
        assertThat(e.reason()).contains("backwards");
    }

    @Test
    void missingFieldNamesLineAndField() {
        var e = error("""
                {"at":"2026-01-01T09:00:00Z","type":"inbound","from":"+1555"}
                """);
        assertThat(e.getMessage()).isEqualTo("scenario.jsonl:1: text: missing");
        assertThat(error("{\"type\":\"advance\"}").field()).isEqualTo("at");
        assertThat(error("{\"at\":\"2026-01-01T09:00:00Z\"}").field()).isEqualTo("type");
        assertThat(error("{\"at\":\"2026-01-01T09:00:00Z\",\"type\":\"unblock\",\"conversation\":\"c\",\"resume_state\":\"Open\"}")
                .field()).isEqualTo("note");
    }

    @Test
    void badJsonBadTimeUnknownFieldAndWrongTypes() {
        assertThat(error("{\"at\":\"2026-01-01T09:00:00Z\",\"type\":\"advance\"}\n{not json").getMessage())
                .startsWith("scenario.jsonl:2: not valid JSON");
        assertThat(error("[1,2]").reason()).contains("JSON object");
        assertThat(error("{\"at\":\"yesterday\",\"type\":\"advance\"}").field()).isEqualTo("at");
        assertThat(error("{\"at\":\"2026-01-01T09:00:00\",\"type\":\"advance\"}").field())
                .as("a time without offset is ambiguous").isEqualTo("at");
        assertThat(error("{\"at\":\"2026-01-01T09:00:00Z\",\"type\":\"advance\",\"txt\":\"x\"}").getMessage())
                .isEqualTo("scenario.jsonl:1: txt: unknown field");
        assertThat(error("{\"at\":\"2026-01-01T09:00:00Z\",\"type\":\"inbound\",\"from\":5,\"text\":\"x\"}").field())
                .isEqualTo("from");
        assertThat(error("{\"at\":\"2026-01-01T09:00:00Z\",\"type\":\"event\",\"conversation\":\"c\",\"name\":\"n\",\"data\":[1]}")
                .field()).isEqualTo("data");
        assertThat(error("{\"at\":\"2026-01-01T09:00:00Z\",\"type\":\"start\",\"to\":\"x\",\"text\":\"y\",\"channel\":\"fax\"}")
                .field()).isEqualTo("channel");
    }

    @Test
    void missingFileIsAnInputError() {
        assertThatThrownBy(() -> ReplayFileReader.read(java.nio.file.Path.of("does/not/exist.jsonl")))
                .isInstanceOf(ReplayInputException.class).hasMessageContaining("no such file");
    }
}
