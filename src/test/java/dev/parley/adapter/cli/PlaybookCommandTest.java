package dev.parley.adapter.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PlaybookCommandTest {

    @TempDir
    Path home;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new PlaybookCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void showOutreach() {
        assertThat(run("show", "outreach", "--home", home.toString())).isZero();
        String text = out.toString();
        assertThat(text)
                .startsWith("Playbook outreach (classpath:playbooks/outreach.json)")
                .containsPattern("\\n  >\\s+Initial\\s+New match identified\\. No contact has been made yet\\.\\n")
                .containsPattern("\\n  #\\s+Desist\\s")
                .containsPattern("\\n\\s+AwaitingReply\\s+We have sent")
                .containsPattern("\\d+\\s+AwaitingReply\\s+message_received\\s+intent_productive\\s+"
                        + "ProductiveEngagement\\s+notify_user")
                .containsPattern("AwaitingReply\\s+P30D\\s+timeout")
                .contains("```mermaid\nstateDiagram-v2\n", "    [*] --> Initial\n",
                        "    AwaitingReply --> Conclusion : timeout after P30D / archive_conversation\n",
                        "    HumanReview --> [*]\n");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void unknownPlaybookFailsOnStderr() {
        assertThat(run("show", "nope", "--home", home.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("no playbook 'nope'");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void defaultHomeFromEnvOrUserHome() {
        assertThat(PlaybookCommand.defaultHome(Map.of("PARLEY_HOME", "/srv/parley"), "/home/u"))
                .isEqualTo(Path.of("/srv/parley"));
        assertThat(PlaybookCommand.defaultHome(Map.of(), "/home/u")).isEqualTo(Path.of("/home/u/.parley"));
    }
}
