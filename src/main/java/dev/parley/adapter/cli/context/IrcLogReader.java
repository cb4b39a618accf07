package dev.parley.adapter.cli.context;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the line shapes of the irc-disentanglement logs (Kummerfeld et al. 2019 and the 2023 new-domains release):
 *
 * <pre>
 * [HH:MM] &lt;nick&gt; text                                 message (2019; the file name gives the date)
 * [HH:MM]  * nick text                                action
 * === nick has joined #ubuntu                         system line, no time
 * channel YYYY-MM-DD [HH:MM:SS] &lt;nick&gt; text            message (2023; also [HH:MM], and a tab after the nick)
 * channel YYYY-MM-DD [HH:MM:SS] * nick text           action
 * channel YYYY-MM-DD [HH:MM:SS] -nick- text           a bot's notice
 * channel YYYY-MM-DD === nick is now known as other   system line
 * </pre>
 *
 * Times without a date roll over to the next day when they go back by more than twelve hours (midnight).
 */
public final class IrcLogReader {
    private static final Pattern DATED = Pattern.compile("^(\\S+) (\\d{4}-\\d{2}-\\d{2}) (.*)$");
    private static final Pattern TIMED = Pattern.compile("^\\[(\\d{1,2}):(\\d{2})(?::(\\d{2}))?\\]\\s?(.*)$");
    private static final Pattern MESSAGE = Pattern.compile("^<([^>\\s]+)>\\s?(.*)$");
    private static final Pattern ACTION = Pattern.compile("^\\s*\\* (\\S+)\\s?(.*)$");
    private static final Pattern NOTICE = Pattern.compile("^-([^-\\s]+)-\\s?(.*)$");
    private static final Pattern FILE_DATE = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2})");

    private IrcLogReader() {
    }

    /**
     * Reads every line of a log. {@code fileName} supplies the date of undated (2019) lines; a log whose lines
     * carry no date and whose name starts with none is dated 1970-01-01 (only gaps matter).
     */
    public static List<IrcLine> read(String fileName, List<String> lines) throws IrcLogFormatException {
        var nameDate = FILE_DATE.matcher(fileName);
        LocalDate fileDate = nameDate.find() ? LocalDate.parse(nameDate.group(1)) : LocalDate.EPOCH;
        var out = new ArrayList<IrcLine>(lines.size());
        LocalDate day = fileDate;
        LocalTime previous = null;
        Instant lastAt = fileDate.atStartOfDay().toInstant(ZoneOffset.UTC);
        for (int i = 0; i < lines.size(); i++) {
            var raw = stripEnd(lines.get(i));
            var rest = raw;
            LocalDate lineDate = null;
            if (!raw.startsWith("[") && !raw.startsWith("===")) {
                var dated = DATED.matcher(raw);
                if (dated.matches()) {
                    try {
                        lineDate = LocalDate.parse(dated.group(2));
                    } catch (DateTimeParseException e) {
                        throw new IrcLogFormatException(fileName + ":" + (i + 1) + ": bad date");
                    }
                    rest = dated.group(3);
                }
            }
            var timed = TIMED.matcher(rest);
            if (!timed.matches()) {
                out.add(new IrcLine(i, IrcLine.Kind.SYSTEM, null, rest, lastAt));
                continue;
            }
            LocalTime time;
            try {
                time = LocalTime.of(Integer.parseInt(timed.group(1)), Integer.parseInt(timed.group(2)),
                        timed.group(3) == null ? 0 : Integer.parseInt(timed.group(3)));
            } catch (java.time.DateTimeException e) {
                throw new IrcLogFormatException(fileName + ":" + (i + 1) + ": bad time");
            }
            if (lineDate != null) {
                day = lineDate;
            } else if (previous != null && previous.toSecondOfDay() - time.toSecondOfDay() > 12 * 3600) {
                day = day.plusDays(1);
            }
            previous = time;
            lastAt = day.atTime(time).toInstant(ZoneOffset.UTC);
            out.add(body(i, timed.group(4), lastAt));
        }
        return out;
    }

    private static IrcLine body(int index, String body, Instant at) {
        Matcher m;
        if ((m = MESSAGE.matcher(body)).matches()) {
            return new IrcLine(index, IrcLine.Kind.MESSAGE, m.group(1), m.group(2).strip(), at);
        }
        if ((m = ACTION.matcher(body)).matches()) {
            return new IrcLine(index, IrcLine.Kind.ACTION, m.group(1), m.group(2).strip(), at);
        }
        if ((m = NOTICE.matcher(body)).matches()) {
            return new IrcLine(index, IrcLine.Kind.NOTICE, m.group(1), m.group(2).strip(), at);
        }
        return new IrcLine(index, IrcLine.Kind.SYSTEM, null, body, at);
    }

    private static String stripEnd(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\r')) end--;
        return s.substring(0, end);
    }
}
