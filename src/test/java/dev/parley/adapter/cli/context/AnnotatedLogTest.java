package dev.parley.adapter.cli.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnnotatedLogTest {
    static final Path MIXED = Path.of("src/test/resources/irc/mixed");

    @Test
    void readsRawLogsAndAsciiWhereThereIsNoRawWithTheirGoldLinksAndConversations() throws Exception {
        var logs = AnnotatedLog.readFolder(MIXED);
        assertThat(logs).extracting(AnnotatedLog::name).containsExactly("2020-01-01_10", "rust.0");
        var ubuntu = logs.getFirst();
        assertThat(ubuntu.parentsOf(4)).containsExactly(2);
        assertThat(ubuntu.parentsOf(5)).isEmpty();
        assertThat(ubuntu.earlierInConversation(7)).containsExactlyInAnyOrder(0, 2, 4, 6);
        assertThat(ubuntu.annotated()).containsExactly(0, 2, 4, 5, 6, 7);
        var rust = logs.get(1);
        assertThat(rust.lines().get(1).kind()).isEqualTo(IrcLine.Kind.NOTICE);
        assertThat(rust.parentsOf(5)).containsExactly(3);
    }

    @Test
    void aLogWithoutTextOrABadAnnotationIsNamed(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.annotation.txt"), "0 0 -\n");
        assertThatThrownBy(() -> AnnotatedLog.readFolder(dir)).isInstanceOf(IrcLogFormatException.class)
                .hasMessageContaining("a.annotation.txt: no a.raw.txt or a.ascii.txt");
        Files.writeString(dir.resolve("a.raw.txt"), "[10:00] <x> hi\n");
        Files.writeString(dir.resolve("a.annotation.txt"), "0 0 -\nzero one -\n");
        assertThatThrownBy(() -> AnnotatedLog.readFolder(dir)).isInstanceOf(IrcLogFormatException.class)
                .hasMessageContaining("a.annotation.txt:2: expected 'A B -'");
        Files.writeString(dir.resolve("a.annotation.txt"), "0 7 -\n");
        assertThatThrownBy(() -> AnnotatedLog.readFolder(dir)).isInstanceOf(IrcLogFormatException.class)
                .hasMessageContaining("line number outside a.raw.txt");
    }
}
