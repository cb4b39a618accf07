package dev.parley.adapter.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.console.CannedReplies;
import dev.parley.application.console.ReplyTemplate;
import dev.parley.application.operator.InvalidRequestException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileReplyTemplatesTest {
    @TempDir Path home;

    @Test
    void aNewHomeGetsStartersAndEditsAreFilesOfTheirOwn() throws Exception {
        var replies = new FileReplyTemplates(home);
        assertThat(replies.list()).extracting(ReplyTemplate::name).contains("thanks", "checking-in",
                "property-details");
        replies.save(new ReplyTemplate("call-me", "Hi {contact_name}, may I call you? — {operator_name}"));
        var file = home.resolve("replies/call-me.txt");
        assertThat(Files.readString(file)).isEqualTo("Hi {contact_name}, may I call you? — {operator_name}\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(new FileReplyTemplates(home).list()).extracting(ReplyTemplate::name).contains("call-me");
        assertThat(replies.delete("call-me")).isTrue();
        assertThat(replies.delete("call-me")).isFalse();
        // a deleted starter stays deleted: starters are only written into a new directory
        replies.delete("thanks");
        assertThat(new FileReplyTemplates(home).list()).extracting(ReplyTemplate::name).doesNotContain("thanks");
    }

    @Test
    void aFileThatIsNoTemplateIsNotOfferedAndSaysWhy() throws Exception {
        var replies = new FileReplyTemplates(home);
        Files.writeString(home.resolve("replies/Bad Name.txt"), "hello");
        Files.writeString(home.resolve("replies/typo.txt"), "Hi {contact_nmae}");
        assertThat(replies.list()).extracting(ReplyTemplate::name).doesNotContain("typo");
        assertThat(replies.problems()).anySatisfy(p -> assertThat(p).startsWith("typo.txt: unknown variable "
                + "{contact_nmae}")).anySatisfy(p -> assertThat(p).startsWith("Bad Name.txt:"));
    }

    @Test
    void templatesRefuseUnknownVariablesAndFillWhatIsKnown() {
        assertThatThrownBy(() -> new ReplyTemplate("x", "Dear {name}")).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("unknown variable {name}");
        assertThatThrownBy(() -> new ReplyTemplate("/x", "hi")).hasMessageContaining("reply name");
        var template = new ReplyTemplate("details", "Hi {contact_name}, about {last_property}. — {operator_name}");
        var filled = CannedReplies.fill(template, new CannedReplies.Facts("Mary Walsh", null), "Dana");
        assertThat(filled.text()).isEqualTo("Hi Mary Walsh, about {last_property}. — Dana");
        assertThat(filled.missing()).containsExactly("{last_property}");
        assertThat(ReplyTemplate.unfilled(filled.text())).containsExactly("{last_property}");
    }
}
