package dev.parley.testing;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;

/**
 * The end of {@code ./mvnw verify} (pom.xml, execution {@code skipped-tests}): the tests this run skipped, grouped by
 * the reason their assumption gave (what to install to run them), read from the Surefire and Failsafe reports
 * written since the build started. Outside CI the browser and speech tests skip when chromium or espeak-ng is
 * missing; without this the run only says "Skipped: 1".
 *
 * <p>Arguments: the build's start ({@code maven.build.timestamp}, an ISO instant), then the report folders.
 */
public final class SkippedTestsSummary {
    private SkippedTestsSummary() {
    }

    public static void main(String[] args) throws Exception {
        var folders = Stream.of(args).skip(1).map(Path::of).toList();
        print(skipped(Instant.parse(args[0]), folders), System.out);
    }

    /** One skipped test: its class's simple name and test name, and why it was skipped. */
    record Skip(String test, String reason) {
    }

    /** The skipped tests in the reports of {@code folders} written at or after {@code since}. */
    static List<Skip> skipped(Instant since, List<Path> folders) throws Exception {
        var skips = new ArrayList<Skip>();
        var parser = DocumentBuilderFactory.newInstance().newDocumentBuilder();
        for (var report : reports(since, folders)) {
            var cases = parser.parse(report.toFile()).getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                var testcase = (Element) cases.item(i);
                var skippedElements = testcase.getElementsByTagName("skipped");
                if (skippedElements.getLength() == 0) continue;
                var className = testcase.getAttribute("classname");
                skips.add(new Skip(className.substring(className.lastIndexOf('.') + 1) + "."
                        + testcase.getAttribute("name"), reason((Element) skippedElements.item(0))));
            }
        }
        return skips;
    }

    /**
     * The assumption's message: Surefire writes it as the {@code message} attribute, or (an aborted JUnit 5 test) as
     * the first line of the stack trace inside the element, after the exception's name and "Assumption failed: ".
     */
    private static String reason(Element skipped) {
        var message = skipped.getAttribute("message").strip();
        if (message.isEmpty()) message = skipped.getTextContent().strip().lines().findFirst().orElse("");
        message = message.replaceFirst("^[\\w.$]+(Exception|Error): ", "").replaceFirst("^Assumption failed: ", "");
        return message.isBlank() ? "(no reason given)" : message.strip();
    }

    private static List<Path> reports(Instant since, List<Path> folders) throws IOException {
        // File times may be stored to the second only, and the build's start is given to the second
        var notBefore = since.minusSeconds(1);
        var reports = new ArrayList<Path>();
        for (var folder : folders) {
            if (!Files.isDirectory(folder)) continue;
            try (var files = Files.list(folder)) {
                for (var file : files.filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml")).sorted()
                        .toList()) {
                    if (!Files.getLastModifiedTime(file).toInstant().isBefore(notBefore)) reports.add(file);
                }
            }
        }
        return reports;
    }

    /** Nothing when nothing was skipped; else the tests under each reason, in Maven's warning format. */
    static void print(List<Skip> skips, PrintStream out) {
        if (skips.isEmpty()) return;
        var byReason = new LinkedHashMap<String, List<String>>();
        for (var skip : skips) byReason.computeIfAbsent(skip.reason(), r -> new ArrayList<>()).add(skip.test());
        out.println("[WARNING] " + skips.size() + (skips.size() == 1 ? " test was" : " tests were")
                + " skipped; install what is named to run them:");
        for (Map.Entry<String, List<String>> entry : byReason.entrySet()) {
            out.println("[WARNING]   " + entry.getKey());
            for (var test : entry.getValue()) out.println("[WARNING]     " + test);
        }
    }
}
