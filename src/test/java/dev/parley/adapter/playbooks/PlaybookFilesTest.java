package dev.parley.adapter.playbooks;

import dev.parley.domain.fsm.FireResult;
import dev.parley.domain.fsm.LoadedPlaybook;
import dev.parley.domain.fsm.PlaybookDefinitionException;
import dev.parley.domain.fsm.StateMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PlaybookFilesTest {

    @TempDir
    Path home;

    private static final String TINY = """
            {
              "states": [
                { "name": "Open", "initial": true },
                { "name": "Done", "terminal": true }
              ],
              "transitions": [
                { "from": "Open", "trigger": "finish", "to": "%s", "actions": ["log"] }
              ]
            }
            """;

    private Path writeOverride(String name, String json) throws IOException {
        Path dir = Files.createDirectories(home.resolve("playbooks"));
        return Files.writeString(dir.resolve(name + ".json"), json);
    }

    @Test
    void loadsBuiltInNoop() {
        LoadedPlaybook noop = PlaybookFiles.builtInOnly().load("noop");
        assertThat(noop.origin()).isEqualTo("classpath:playbooks/noop.json");
        StateMachine<Object> fsm = StateMachine.of(noop.definition(), Map.of(), Set.of("record_message"));
        assertThat(fsm.fire("Open", "message_received", null)).isInstanceOfSatisfying(FireResult.Moved.class,
                m -> assertThat(m.actions()).containsExactly("record_message"));
    }

    @Test
    void loadsBuiltInOutreachWithTemplatesAndSettings() {
        LoadedPlaybook outreach = new PlaybookFiles(Optional.of(home)).load("outreach");
        assertThat(outreach.definition().states()).hasSize(8);
        assertThat(outreach.settings().flag("follow_up_before_timeout", true)).isFalse();
        assertThat(outreach.templates().placeholders("follow_up_document_copy")).containsExactly("document");
    }

    @Test
    void homeCopyOverridesBuiltIn() throws IOException {
        Path file = writeOverride("noop", TINY.formatted("Done"));
        LoadedPlaybook loaded = new PlaybookFiles(Optional.of(home)).load("noop");
        assertThat(loaded.origin()).isEqualTo(file.toString());
        assertThat(loaded.definition().states()).extracting(s -> s.name()).containsExactly("Open", "Done");
    }

    @Test
    void homeOnlyPlaybook() throws IOException {
        writeOverride("custom", TINY.formatted("Done"));
        assertThat(new PlaybookFiles(Optional.of(home)).load("custom").name()).isEqualTo("custom");
    }

    @Test
    void overrideErrorsNameTheFileAndEntry() throws IOException {
        Path file = writeOverride("outreach", TINY.formatted("Foo"));
        assertThatThrownBy(() -> new PlaybookFiles(Optional.of(home)).load("outreach"))
                .isInstanceOf(PlaybookDefinitionException.class)
                .hasMessageContaining(file + ": transitions[0]: unknown state 'Foo'");
    }

    @Test
    void builtInErrorsUseTheBareFileName() {
        assertThatThrownBy(() -> PlaybookFiles.parse("x", "outreach.json", "test", TINY.formatted("Foo")))
                .hasMessage("outreach.json: transitions[0]: unknown state 'Foo'");
    }

    @Test
    void notFound() {
        assertThatThrownBy(() -> new PlaybookFiles(Optional.of(home)).load("nope"))
                .isInstanceOf(PlaybookNotFoundException.class).hasMessageContaining("no playbook 'nope'");
        assertThatThrownBy(() -> PlaybookFiles.builtInOnly().load("../etc/passwd"))
                .isInstanceOf(PlaybookNotFoundException.class);
    }

    @Test
    void malformedJson() {
        assertThatThrownBy(() -> PlaybookFiles.parse("x", "x.json", "test", "{ \"states\": [ }"))
                .isInstanceOf(PlaybookDefinitionException.class).hasMessageStartingWith("x.json: line 1: invalid JSON");
    }

    @Test
    void formatProblemsNameTheirEntries() {
        String json = """
                {
                  "state": [],
                  "states": [ { "name": "Open", "initial": "yes" } ],
                  "transitions": [ { "from": "Open", "to": "Open", "gaurd": "g" } ],
                  "timers": [ { "state": "Open", "after": "P1M", "trigger": "t" } ],
                  "templates": { "hello": 3 }
                }
                """;
        PlaybookDefinitionException e = org.junit.jupiter.api.Assertions.assertThrows(
                PlaybookDefinitionException.class, () -> PlaybookFiles.parse("x", "x.json", "test", json));
        assertThat(e.problems()).extracting(Object::toString).containsExactly(
                "x.json: $: unknown key 'state'",
                "x.json: states[0].initial: expected true or false",
                "x.json: transitions[0]: unknown key 'gaurd'",
                "x.json: transitions[0]: missing 'trigger'",
                "x.json: timers[0].after: not an ISO-8601 duration in days or less (e.g. P30D, PT12H): 'P1M'",
                "x.json: templates.hello: expected non-empty text");
    }
}
