package dev.parley.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The end-of-run list of skipped tests, from Surefire and Failsafe reports as they write them. */
class SkippedTestsSummaryTest {
    private static final Instant BUILD_START = Instant.parse("2026-01-05T10:00:00Z");

    @Test
    void listsThisRunsSkippedTestsUnderTheirReasonAndIgnoresOlderReports(@TempDir Path target) throws Exception {
        var surefire = Files.createDirectories(target.resolve("surefire-reports"));
        var failsafe = Files.createDirectories(target.resolve("failsafe-reports"));
        report(surefire, "dev.parley.adapter.http.ReplyToolBrowserTest", BUILD_START.plusSeconds(60),
                testcase("anOperatorAnswersFromTheLinkInABrowser(Path)", "<skipped message=\"chromium is not installed"
                        + " (apt-get install chromium chromium-driver)\""
                        + " type=\"org.opentest4j.TestAbortedException\"/>"),
                testcase("passes", ""));
        report(surefire, "dev.parley.adapter.http.SignupPageBrowserTest", BUILD_START.plusSeconds(61),
                testcase("signsUp(Path)", "<skipped message=\"chromium is not installed (apt-get install chromium "
                        + "chromium-driver)\"/>"));
        report(surefire, "dev.parley.adapter.assistant.EspeakSpeechTest", BUILD_START.plusSeconds(62),
                testcase("writesAWaveFileOfTheReply(Path)", "<skipped type=\"org.opentest4j.TestAbortedException\">"
                        + "<![CDATA[org.opentest4j.TestAbortedException: Assumption failed: espeak-ng is not installed"
                        + " (apt-get install espeak-ng)\n\tat dev.parley.adapter.assistant.EspeakSpeechTest"
                        + ".writesAWaveFileOfTheReply(EspeakSpeechTest.java:24)\n]]></skipped>"));
        report(surefire, "dev.parley.adapter.http.OlderTest", BUILD_START.minusSeconds(3600),
                testcase("fromAnEarlierRun()", "<skipped message=\"from an earlier run\"/>"));
        report(failsafe, "dev.parley.installer.DebPackageIT", BUILD_START.plusSeconds(300),
                testcase("installs()", "<skipped/>"));

        var skips = SkippedTestsSummary.skipped(BUILD_START, List.of(surefire, failsafe, target.resolve("none")));

        var chromium = "chromium is not installed (apt-get install chromium chromium-driver)";
        assertThat(skips).containsExactly(
                new SkippedTestsSummary.Skip("EspeakSpeechTest.writesAWaveFileOfTheReply(Path)",
                        "espeak-ng is not installed (apt-get install espeak-ng)"),
                new SkippedTestsSummary.Skip("ReplyToolBrowserTest.anOperatorAnswersFromTheLinkInABrowser(Path)",
                        chromium),
                new SkippedTestsSummary.Skip("SignupPageBrowserTest.signsUp(Path)", chromium),
                new SkippedTestsSummary.Skip("DebPackageIT.installs()", "(no reason given)"));
        assertThat(printed(skips)).isEqualTo("""
                [WARNING] 4 tests were skipped; install what is named to run them:
                [WARNING]   espeak-ng is not installed (apt-get install espeak-ng)
                [WARNING]     EspeakSpeechTest.writesAWaveFileOfTheReply(Path)
                [WARNING]   chromium is not installed (apt-get install chromium chromium-driver)
                [WARNING]     ReplyToolBrowserTest.anOperatorAnswersFromTheLinkInABrowser(Path)
                [WARNING]     SignupPageBrowserTest.signsUp(Path)
                [WARNING]   (no reason given)
                [WARNING]     DebPackageIT.installs()
                """);
    }

    @Test
    void printsNothingWhenNothingWasSkipped() {
        assertThat(printed(List.of())).isEmpty();
    }

    private static String testcase(String name, String inner) {
        return "<testcase name=\"" + name + "\" classname=\"CLASS\" time=\"0.1\">" + inner + "</testcase>";
    }

    private static void report(Path folder, String className, Instant written, String... testcases) throws Exception {
        var file = folder.resolve("TEST-" + className + ".xml");
        Files.writeString(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"" + className + "\">"
                + String.join("", testcases).replace("CLASS", className) + "</testsuite>");
        Files.setLastModifiedTime(file, FileTime.from(written));
    }

    private static String printed(List<SkippedTestsSummary.Skip> skips) {
        var bytes = new ByteArrayOutputStream();
        SkippedTestsSummary.print(skips, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }
}
