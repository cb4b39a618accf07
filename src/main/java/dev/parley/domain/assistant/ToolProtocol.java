package dev.parley.domain.assistant;

import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The assistant's compact tool protocol: tools are steps of a JSON plan, never text in a reply. A line that begins
 * with the reserved prefix {@value #PREFIX} (or that is nothing but a JSON tool call) is a tool-protocol marker and
 * never reaches the user (seed 001 step 10).
 */
public final class ToolProtocol {
    public static final String PREFIX = "TOOL:";
    private static final Pattern BARE_CALL = Pattern.compile("^\\{\\s*\"(?:tool|action)\"\\s*:.*}$");

    private ToolProtocol() {
    }

    /** The text without tool-protocol lines, trimmed; blank when nothing else was said. */
    public static String sanitise(String text) {
        if (text == null) return "";
        return text.lines().filter(line -> !isMarker(line)).collect(Collectors.joining("\n")).strip();
    }

    public static boolean isMarker(String line) {
        var trimmed = line.strip();
        return trimmed.regionMatches(true, 0, PREFIX, 0, PREFIX.length()) || BARE_CALL.matcher(trimmed).matches();
    }

    /** How many lines {@link #sanitise} removes. */
    public static long markerLines(String text) {
        return text == null ? 0 : text.lines().filter(ToolProtocol::isMarker).count();
    }
}
