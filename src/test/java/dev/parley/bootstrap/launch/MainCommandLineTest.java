package dev.parley.bootstrap.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line: exit codes and where its text goes. */
class MainCommandLineTest {
    @TempDir Path home;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int run(String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void unknownOptionIsAUsageErrorWithExitCode2() {
        assertThat(run("--bogus")).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown option: '--bogus'").contains("Usage: parley");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void versionAndHelpExitWith0() {
        assertThat(run("--version")).isZero();
        assertThat(out.toString()).startsWith("parley ");

        out.getBuffer().setLength(0);
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("Usage: parley").contains("serve").contains("token").contains("bench");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void tokenPrintsTheTokenOfTheHomeItCreates() throws Exception {
        assertThat(run("token", "--home", home.toString())).isZero();

        var token = out.toString().strip();
        assertThat(token).hasSizeGreaterThanOrEqualTo(32);
        assertThat(Files.readString(home.resolve("parley.properties"))).contains("api.token=" + token);
    }

    @Test
    void configurationErrorsExitWith2NamingTheKey() {
        assertThat(run("serve", "--home", home.toString(), "--set", "listener.port=abc")).isEqualTo(2);
        assertThat(err.toString()).contains("parley: configuration: listener.port: not a whole number");

        err.getBuffer().setLength(0);
        assertThat(run("serve", "--home", home.toString(), "--set", "no.such.key=1")).isEqualTo(2);
        assertThat(err.toString()).contains("no.such.key: unknown configuration key");
    }

    @Test
    void aMisspeltKeyInTheFileStopsTheStartWithExitCode2NamingTheNearestKey() throws Exception {
        assertThat(run("token", "--home", home.toString())).isZero();
        Files.writeString(home.resolve("parley.properties"), "model.provder=openai\n",
                java.nio.file.StandardOpenOption.APPEND);
        out.getBuffer().setLength(0);

        assertThat(run("serve", "--home", home.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("parley: configuration: model.provder: unknown configuration key; the"
                + " nearest known key is 'model.provider'");
        assertThat(out.toString()).isEmpty();
    }
}
